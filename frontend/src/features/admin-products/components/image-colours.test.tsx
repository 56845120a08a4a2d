import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { variant } from '@/testing/fixtures';
import { categoryTree, openAdmin, product, productPage, serveProductSave } from '@/testing/admin';

/** Opens the Linen Shirt (Blue and Maroon, two saved pictures: Blue, and `second`) in the product form. */
async function editShirt(second: string | null) {
  const existing = product({
    categoryId: 'c-formal',
    category: { id: 'c-formal', name: 'Formal' },
    images: [
      { id: 'img-1', uploadId: 'u1', url: '/uploads/1.jpg', color: 'Blue' },
      { id: 'img-2', uploadId: 'u2', url: '/uploads/2.jpg', color: second },
    ],
    variants: [
      variant({ id: 'v-1', size: 'M', color: 'Blue' }),
      variant({ id: 'v-2', size: 'M', color: 'Maroon', colorHexCode: '#800000' }),
    ],
  });
  server.use(
    http.get('/api/admin/products', () => HttpResponse.json(productPage([existing], 1, 1, 10))),
    http.get('/api/categories', () => HttpResponse.json({ data: categoryTree() })),
  );
  const sent = serveProductSave(existing);
  await openAdmin('/admin/product');
  const u = userEvent.setup();
  await u.click(await screen.findByRole('button', { name: 'Edit Linen Shirt' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
  return { u, dialog, sent };
}

describe('product form: picture colours', () => {
  it("gives a picture one of the product's colours, or none", async () => {
    const { u, dialog, sent } = await editShirt(null);

    const first = within(dialog).getByRole('combobox', { name: 'Colour of saved image 1' });
    expect(first).toHaveValue('Blue');
    expect(within(first).getAllByRole('option').map((o) => o.textContent)).toEqual(['Any colour', 'Blue', 'Maroon']);
    await u.selectOptions(first, '');
    await u.selectOptions(within(dialog).getByRole('combobox', { name: 'Colour of saved image 2' }), 'Maroon');
    await u.upload(within(dialog).getByLabelText('Product images'), new File(['png'], 'new.png', { type: 'image/png' }));
    await u.selectOptions(within(dialog).getByRole('combobox', { name: 'Colour of new image new.png' }), 'Blue');

    await u.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    const form = sent();
    expect(JSON.parse(String(form.get('imageColors')))).toEqual({ 'img-1': null, 'img-2': 'Maroon' });
    expect(JSON.parse(String(form.get('newImageColors')))).toEqual(['Blue']);
  });

  it('a picture follows its colour when the owner renames it in the variants', async () => {
    const { u, dialog, sent } = await editShirt('Maroon');
    const colour = within(dialog).getByRole('textbox', { name: 'Variant 1 color' });
    await u.clear(colour);
    await u.type(colour, 'Indigo');
    // Not 'Any colour': the picture was Blue, and Blue is now called Indigo.
    expect(within(dialog).getByRole('combobox', { name: 'Colour of saved image 1' })).toHaveValue('Indigo');

    await u.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(JSON.parse(String(sent().get('imageColors')))).toEqual({ 'img-1': 'Indigo' });
  });
});
