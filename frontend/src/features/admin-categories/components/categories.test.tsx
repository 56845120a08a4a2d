import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { categoryTree, deleteRow, openAdmin } from '@/testing/admin';

const png = (name = 'kids.png') => new File([`png:${name}`], name, { type: 'image/png' });
/** An uploaded file part as the mock server received it (jsdom files reach undici without name or bytes,
 * but the part and its type arrive). */
const filePart = (form: FormData, field: string) => (form.get(field) as Blob | null)?.type ?? null;

function withCategories(data = categoryTree()) {
  server.use(http.get('/api/categories', () => HttpResponse.json({ data })));
}

async function openPage() {
  return openAdmin('/admin/category', 'Categories');
}

/** Opens the page and presses `button`; gives the user session and the dialog `title` it opened. */
async function openDialog(button: string, title: string, options?: Parameters<typeof userEvent.setup>[0]) {
  await openPage();
  const u = userEvent.setup(options);
  await u.click(await screen.findByRole('button', { name: button }));
  return { u, dialog: await screen.findByRole('dialog', { name: title }) };
}

function rowTexts() {
  const table = screen.getByRole('table', { name: 'Categories' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell').slice(0, 2).map((c) => c.textContent?.trim()).join(' '));
}

describe('admin categories', () => {
  it('lists categories with S.No and expands subcategories numbered 1.1 and 1.1.1', async () => {
    withCategories();
    await openPage();
    const table = await screen.findByRole('table', { name: 'Categories' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['S.No', 'Category', 'Description', 'Actions']);
    expect(rowTexts()).toEqual(['1 Men1 subcategory', '2 Women']);
    expect(screen.getByText('For him')).toBeInTheDocument();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Expand Men' }));
    await u.click(screen.getByRole('button', { name: 'Expand Shirts' }));
    expect(rowTexts()).toEqual(['1 Men1 subcategory', '1.1 Shirts1 subcategory', '1.1.1 Formal', '2 Women']);
    await u.click(screen.getByRole('button', { name: 'Collapse Men' }));
    expect(rowTexts()).toEqual(['1 Men1 subcategory', '2 Women']);
  });

  it('creates a subcategory: validation messages, name filtering, image preview, then the saved notice', async () => {
    withCategories();
    let sent: FormData | null = null;
    server.use(
      http.post('/api/categories', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ data: { id: 'c-kids' }, message: 'Category saved successfully!' }, { status: 201 });
      }),
    );
    const { u, dialog } = await openDialog('Add Category', 'Add Category', { applyAccept: false });
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please fill the category name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please upload at least 1 images.')).toBeInTheDocument();

    const name = within(dialog).getByRole('textbox', { name: /Category name/ });
    await u.type(name, 'Kids & Teens!');
    expect(name).toHaveValue('Kids  Teens');
    expect(within(dialog).queryByText('Please fill the category name.')).not.toBeInTheDocument();

    await u.upload(within(dialog).getByLabelText('Category image'), new File(['gif'], 'x.gif', { type: 'image/gif' }));
    expect(within(dialog).getByText('Only PNG, JPG and JPEG images are allowed.')).toBeInTheDocument();
    await u.upload(within(dialog).getByLabelText('Category image'), png());
    expect(within(dialog).getByRole('img', { name: 'New image kids.png' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Please upload at least 1 images.')).not.toBeInTheDocument();

    await u.click(within(dialog).getByRole('combobox', { name: 'Parent category' }));
    await u.click(await screen.findByRole('option', { name: 'Shirts' }));
    await u.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Young styles');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Category saved successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Category' })).not.toBeInTheDocument());
    const form = sent as unknown as FormData;
    expect(form.get('name')).toBe('Kids  Teens');
    expect(form.get('parentId')).toBe('c-shirts');
    expect(form.get('description')).toBe('Young styles');
    expect(filePart(form, 'media')).toBe('image/png');
  });

  it('shows the server reason of a refused save, else the generic failure', async () => {
    withCategories();
    let status = 409;
    server.use(
      http.put('/api/categories/:id', () =>
        status === 409
          ? HttpResponse.json({ message: 'A category named "Women" already exists at this level', code: 'name_taken', field: 'name' }, { status })
          : new HttpResponse(null, { status }),
      ),
    );
    const { u, dialog } = await openDialog('Edit Women', 'Edit Category');
    // Women has no image yet: give it one
    await u.upload(within(dialog).getByLabelText('Category image'), png('w.png'));
    await u.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('A category named "Women" already exists at this level')).toBeInTheDocument();
    status = 500;
    await u.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Failed to save category')).toBeInTheDocument();
  });

  it('refuses more than one dropped image', async () => {
    withCategories();
    const { dialog } = await openDialog('Add Category', 'Add Category');
    const zone = within(dialog).getByText(/Drop an image here/).parentElement as HTMLElement;
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.drop(zone, { dataTransfer: { files: [png('a.png'), png('b.png')] } });
    expect(within(dialog).getByText('You can upload a maximum of 1 images.')).toBeInTheDocument();
  });

  it('edits a category, replacing its image', async () => {
    withCategories();
    let sent: FormData | null = null;
    let url = '';
    server.use(
      http.put('/api/categories/:id', async ({ request }) => {
        url = new URL(request.url).pathname;
        sent = await request.formData();
        return HttpResponse.json({ data: { id: 'c-men' }, message: 'Category updated successfully!' });
      }),
    );
    const { u, dialog } = await openDialog('Edit Men', 'Edit Category');
    expect(within(dialog).getByRole('textbox', { name: /Category name/ })).toHaveValue('Men');
    expect(within(dialog).getByRole('img', { name: 'Current image' })).toHaveAttribute('src', '/uploads/men.jpg');
    await u.upload(within(dialog).getByLabelText('Category image'), png('men-new.png'));
    expect(within(dialog).getByRole('img', { name: 'New image men-new.png' })).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Category updated successfully!')).toBeInTheDocument();
    expect(url).toBe('/api/categories/c-men');
    const form = sent as unknown as FormData;
    expect(form.get('name')).toBe('Men');
    expect(form.get('parentId')).toBe('');
    expect(JSON.parse(String(form.get('deletedUploadIds')))).toEqual(['up-men']);
    expect(filePart(form, 'media')).toBe('image/png');
  });

  it('removing the only image of a category is refused on save', async () => {
    withCategories();
    const { u, dialog } = await openDialog('Edit Men', 'Edit Category');
    await u.click(within(dialog).getByRole('button', { name: 'Remove image' }));
    await u.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(within(dialog).getByText('Please upload at least 1 images.')).toBeInTheDocument();
  });

  it('renames a category that has no picture (made by the catalogue import) without asking for one', async () => {
    withCategories();
    let sent: FormData | null = null;
    server.use(
      http.put('/api/categories/:id', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ data: { id: 'c-women' }, message: 'Category updated successfully!' });
      }),
    );
    const { u, dialog } = await openDialog('Edit Women', 'Edit Category');
    const name = within(dialog).getByRole('textbox', { name: /Category name/ });
    await u.clear(name);
    await u.type(name, 'Ladies');
    await u.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Category updated successfully!')).toBeInTheDocument();
    expect((sent as unknown as FormData).get('name')).toBe('Ladies');
  });

  it('deletes after the confirmation, in error style, and shows the server refusal', async () => {
    withCategories();
    server.use(
      http.delete('/api/categories/c-women', () => HttpResponse.json({ data: { id: 'c-women', name: 'Women' }, message: 'Deleted' })),
      http.delete('/api/categories/c-men', () =>
        HttpResponse.json({ message: 'Category has subcategories and cannot be deleted', code: 'conflict' }, { status: 409 }),
      ),
    );
    await openPage();
    const u = userEvent.setup();
    await deleteRow(u, 'category', 'Women');
    const notice = await screen.findByText('Deleted category: Women');
    expect(notice.closest('.MuiAlert-root')).toHaveClass('MuiAlert-filledError');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete category' })).not.toBeInTheDocument());

    await deleteRow(u, 'category', 'Men');
    expect(await screen.findByText('Category has subcategories and cannot be deleted')).toBeInTheDocument();
  });

  it('a failed delete without a server reason says so', async () => {
    withCategories();
    server.use(http.delete('/api/categories/:id', () => new HttpResponse(null, { status: 500 })));
    await openPage();
    const u = userEvent.setup();
    await deleteRow(u, 'category', 'Women');
    expect(await screen.findByText('Failed to delete category')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    withCategories([]);
    await openPage();
    expect(await screen.findByText('No categories found')).toBeInTheDocument();
    expect(screen.getByText('Get started by creating your first category')).toBeInTheDocument();
  });

  it('tells when the categories cannot be loaded', async () => {
    server.use(http.get('/api/categories', () => new HttpResponse(null, { status: 500 })));
    await openPage();
    expect((await screen.findAllByText('Failed to fetch categories')).length).toBeGreaterThan(0);
  });
});
