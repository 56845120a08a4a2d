import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderRoutes } from '@/testing/render';
import { variant } from '@/testing/fixtures';
import { categoryTree, product, productPage, signInAdmin } from '@/testing/admin';
import type { Product } from '@/lib/api-types';
import { routes } from '@/app/router';

const png = (name: string) => new File(['png'], name, { type: 'image/png' });
const many = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => product({ id: `p-${from + i}`, name: `Item ${from + i + 1}`, slug: `item-${from + i + 1}` }));

/** Serves `all` in pages of the requested size and records the pages asked for. */
function serveProducts(all: () => Product[]) {
  const pages: string[] = [];
  server.use(
    http.get('/api/products', ({ request }) => {
      const q = new URL(request.url).searchParams;
      const page = Number(q.get('page'));
      const limit = Number(q.get('limit'));
      pages.push(`${page}/${limit}`);
      const list = all();
      return HttpResponse.json(productPage(list.slice((page - 1) * limit, page * limit), page, list.length, limit));
    }),
    http.get('/api/categories', () => HttpResponse.json({ data: categoryTree() })),
  );
  return pages;
}

async function openPage() {
  signInAdmin();
  const utils = await renderRoutes(routes, '/admin/product');
  await screen.findByRole('heading', { level: 1, name: 'Products' });
  return utils;
}

function serials() {
  return within(screen.getByRole('table', { name: 'Products' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).queryAllByRole('cell')[0]?.textContent)
    .filter((t) => t && /^\d+$/.test(t));
}

async function pick(label: RegExp | string, option: string) {
  const u = userEvent.setup();
  await u.click(screen.getByRole('combobox', { name: label }));
  await u.click(await screen.findByRole('option', { name: option }));
}

describe('admin products table', () => {
  it('pages by 10 with S.No continuing on the next page', async () => {
    const pages = serveProducts(() => many(12));
    await openPage();
    await screen.findByText('Item 1');
    const table = screen.getByRole('table', { name: 'Products' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['S.No', 'Category', 'Product', 'Variants', 'Images', 'Actions']);
    expect(serials()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(pages[0]).toBe('1/10');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByText('Item 12')).toBeInTheDocument();
    expect(serials()).toEqual(['11', '12']);
    expect(pages).toContain('2/10');
  });

  it('expands the variants with the admin stock colours', async () => {
    serveProducts(() => [
      product({
        variants: [
          variant({ id: 'v1', size: 'S', stock: 12 }),
          variant({ id: 'v2', size: 'M', stock: 10 }),
          variant({ id: 'v3', size: 'L', stock: 0, color: 'Red', colorHexCode: '#ff0000' }),
        ],
      }),
    ]);
    await openPage();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Show variants of Linen Shirt' }));
    const variants = await screen.findByRole('table', { name: 'Variants of Linen Shirt' });
    expect(within(variants).getByLabelText('Stock 12, in stock')).toHaveClass('MuiChip-colorSuccess');
    expect(within(variants).getByLabelText('Stock 10, low stock')).toHaveClass('MuiChip-colorWarning');
    expect(within(variants).getByLabelText('Stock 0, out of stock')).toHaveClass('MuiChip-colorError');
    expect(within(variants).getAllByText('₹1,299.50')).toHaveLength(3);
    await u.click(screen.getByRole('button', { name: 'Hide variants of Linen Shirt' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Variants of Linen Shirt' })).not.toBeInTheDocument());
  });

  it('shows the images gallery, or that there are none', async () => {
    serveProducts(() => [
      product({ images: [{ id: 'i1', url: '/uploads/a.jpg' }, { id: 'i2', url: '/uploads/b.jpg' }] }),
      product({ id: 'p-2', name: 'Bare Tee', slug: 'bare-tee', images: [] }),
    ]);
    await openPage();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'View images of Linen Shirt' }));
    const gallery = await screen.findByRole('dialog', { name: 'Linen Shirt images' });
    expect(within(gallery).getAllByRole('img')).toHaveLength(2);
    await u.click(within(gallery).getByRole('button', { name: 'Close' }));
    await u.click(screen.getByRole('button', { name: 'View images of Bare Tee' }));
    expect(await screen.findByText('No images available')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    serveProducts(() => []);
    await openPage();
    expect(await screen.findByText('No products available')).toBeInTheDocument();
  });

  it('shows the inline error panel when the products cannot be loaded', async () => {
    server.use(http.get('/api/products', () => new HttpResponse(null, { status: 500 })));
    await openPage();
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('Failed to fetch products')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('deleting the last product of a page goes back a page', async () => {
    let all = many(11);
    const pages = serveProducts(() => all);
    server.use(
      http.delete('/api/products/:id', ({ params }) => {
        all = all.filter((p) => p.id !== params.id);
        return HttpResponse.json({ message: 'Product deleted successfully' });
      }),
    );
    await openPage();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Go to page 2' }));
    await u.click(await screen.findByRole('button', { name: 'Delete Item 11' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete product' });
    expect(within(confirm).getByText('Are you sure you want to delete Item 11? This action cannot be undone.')).toBeInTheDocument();
    await u.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(serials()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']));
    expect(screen.queryByText('Item 11')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to page 2' })).not.toBeInTheDocument();
    expect(pages.at(-1)).toBe('1/10');
  });

  it('a failed delete says so', async () => {
    serveProducts(() => many(1));
    server.use(http.delete('/api/products/:id', () => new HttpResponse(null, { status: 500 })));
    await openPage();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Delete Item 1' }));
    await u.click(within(await screen.findByRole('dialog', { name: 'Delete product' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete product')).toBeInTheDocument();
  });
});

describe('admin product form', () => {
  it('checks every rule, then adds a product with two variants and two images', async () => {
    serveProducts(() => []);
    let sent: FormData | null = null;
    server.use(
      http.post('/api/products', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ data: product(), message: 'Product added successfully!' }, { status: 201 });
      }),
    );
    await openPage();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Variant 1 stock' })).toHaveValue(1);

    await u.click(within(dialog).getByRole('button', { name: 'Save Product' }));
    const summary = within(dialog).getByRole('alert');
    expect(summary).toHaveTextContent('Please fill Product Name');
    expect(summary).toHaveTextContent('Please select Category');
    expect(summary).toHaveTextContent('Please upload at least 1 image');
    expect(within(dialog).getByText('Please fill Size')).toBeInTheDocument();
    expect(within(dialog).getByText('Please fill Color')).toBeInTheDocument();
    expect(within(dialog).getByText('Please fill Original Price')).toBeInTheDocument();

    await u.type(within(dialog).getByRole('textbox', { name: /Product Name/ }), 'Oxford Shirt');
    await pick(/^Category/, 'Men');
    await pick('Subcategory', 'Shirts');
    await pick('Sub-subcategory', 'Formal');

    await u.type(within(dialog).getByRole('textbox', { name: 'Variant 1 size' }), 'm');
    await u.type(within(dialog).getByRole('textbox', { name: 'Variant 1 color' }), 'Red');
    expect(within(dialog).getByRole('textbox', { name: 'Variant 1 hex code' })).toHaveValue('#ff0000');
    await u.type(within(dialog).getByRole('spinbutton', { name: 'Variant 1 original price' }), '1000');
    await u.type(within(dialog).getByRole('spinbutton', { name: 'Variant 1 discount price' }), '1200');
    expect(within(dialog).getByText('Discount Price cannot be greater than Original Price')).toBeInTheDocument();
    await u.clear(within(dialog).getByRole('spinbutton', { name: 'Variant 1 original price' }));
    await u.type(within(dialog).getByRole('spinbutton', { name: 'Variant 1 original price' }), '900');
    expect(within(dialog).getByText('Original Price must be greater than or equal to Discount Price')).toBeInTheDocument();
    expect(within(dialog).queryByText('Discount Price cannot be greater than Original Price')).not.toBeInTheDocument();
    await u.clear(within(dialog).getByRole('spinbutton', { name: 'Variant 1 discount price' }));
    await u.type(within(dialog).getByRole('spinbutton', { name: 'Variant 1 discount price' }), '200');
    expect(within(dialog).queryByText(/Original Price must be/)).not.toBeInTheDocument();

    await u.click(within(dialog).getByRole('button', { name: 'Add Variant' }));
    const color2 = within(dialog).getByRole('textbox', { name: 'Variant 2 color' });
    expect(color2).toHaveValue('Red');
    expect(color2).not.toHaveAttribute('readonly');
    expect(within(dialog).getByRole('spinbutton', { name: 'Variant 2 stock' })).toHaveValue(0);
    await u.type(within(dialog).getByRole('textbox', { name: 'Variant 2 size' }), 'L');
    await u.type(within(dialog).getByRole('spinbutton', { name: 'Variant 2 original price' }), '950');

    await u.upload(within(dialog).getByLabelText('Product images'), [png('front.png'), png('back.png')]);
    const images = within(dialog).getByRole('list', { name: 'Selected images' });
    expect(within(images).getAllByText('New')).toHaveLength(2);
    expect(within(dialog).getByText('Images (2/10) *')).toBeInTheDocument();

    await u.click(within(dialog).getByRole('button', { name: 'Save Product' }));
    expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
    const form = sent as unknown as FormData;
    expect(form.get('id')).toBeNull();
    expect(form.get('productName')).toBe('Oxford Shirt');
    expect(form.get('categoryId')).toBe('c-formal');
    expect(form.get('isBestSeller')).toBe('false');
    expect(form.get('deletedImageIds')).toBeNull();
    expect(form.getAll('images')).toHaveLength(2);
    expect(JSON.parse(String(form.get('productVariants')))).toEqual([
      { size: 'M', color: 'Red', colorHexCode: '#ff0000', stock: 1, originalPrice: 900, discountPrice: 200 },
      { size: 'L', color: 'Red', colorHexCode: '#ff0000', stock: 0, originalPrice: 950, discountPrice: 0 },
    ]);
  });

  it('edits a product: the category path is chosen, images can be marked for deletion, at most 10 in all', async () => {
    const existing = product({
      categoryId: 'c-formal',
      category: { id: 'c-formal', name: 'Formal' },
      images: [
        { id: 'img-1', uploadId: 'u1', url: '/uploads/1.jpg' },
        { id: 'img-2', uploadId: 'u2', url: '/uploads/2.jpg' },
      ],
      variants: [variant({ id: 'v-1', size: 'M', stock: 4, originalPrice: 999, discountPrice: 100, mrp: 1099, percentOff: 9 })],
    });
    serveProducts(() => [existing]);
    let sent: FormData | null = null;
    server.use(
      http.post('/api/products', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ data: existing, message: 'Product updated successfully!' });
      }),
    );
    await openPage();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Edit Linen Shirt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    expect(within(dialog).getByRole('combobox', { name: 'Sub-subcategory' })).toHaveTextContent('Formal');

    await u.upload(within(dialog).getByLabelText('Product images'), Array.from({ length: 9 }, (_, i) => png(`n${i}.png`)));
    expect(within(dialog).getByText('Maximum 10 images allowed.')).toBeInTheDocument();
    await u.upload(within(dialog).getByLabelText('Product images'), Array.from({ length: 8 }, (_, i) => png(`n${i}.png`)));
    expect(within(dialog).getByText('Images (10/10) *')).toBeInTheDocument();
    await u.click(within(dialog).getAllByRole('button', { name: 'Mark image for deletion' })[0]);
    expect(within(dialog).getByRole('listitem', { name: 'Image marked for deletion' })).toBeInTheDocument();
    expect(within(dialog).getByText('Images (9/10) *')).toBeInTheDocument();

    await u.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    const form = sent as unknown as FormData;
    expect(form.get('id')).toBe('p-1');
    expect(form.get('categoryId')).toBe('c-formal');
    expect(JSON.parse(String(form.get('deletedImageIds')))).toEqual(['img-1']);
    expect(form.getAll('images')).toHaveLength(8);
    expect(JSON.parse(String(form.get('productVariants')))[0]).toMatchObject({ id: 'v-1', stock: 4, originalPrice: 999, discountPrice: 100 });
  });

  it('shows the server message of a refused save, else the generic failure', async () => {
    serveProducts(() => [product()]);
    let answer = () => HttpResponse.json({ message: 'Discount Price cannot be greater than Original Price', code: 'discount_above_price', field: 'productVariants' }, { status: 422 });
    server.use(http.post('/api/products', () => answer()));
    await openPage();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Edit Linen Shirt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    await u.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Discount Price cannot be greater than Original Price')).toBeInTheDocument();
    answer = () => new HttpResponse(null, { status: 500 }) as unknown as ReturnType<typeof HttpResponse.json>;
    await u.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Failed to save product.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Product' })).toBeInTheDocument();
  });
});
