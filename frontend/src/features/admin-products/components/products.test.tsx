import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { category, variant } from '@/testing/fixtures';
import { categoryTree, deleteRow, openAdmin, product, productPage, serveProductSave } from '@/testing/admin';
import type { Product } from '@/lib/api-types';

const png = (name: string) => new File(['png'], name, { type: 'image/png' });
const many = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => product({ id: `p-${from + i}`, name: `Item ${from + i + 1}`, slug: `item-${from + i + 1}` }));

/** Serves `all` in pages of the requested size and records the pages asked for (and the filters, in `queries`). */
function serveProducts(all: () => Product[], queries: URLSearchParams[] = []) {
  const pages: string[] = [];
  server.use(
    http.get('/api/admin/products', ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
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

async function openPage(path = '/admin/product') {
  return openAdmin(path, 'Products');
}

/** Opens the products page and the variants of its one product, Linen Shirt. */
async function openVariants() {
  await openPage();
  const u = userEvent.setup();
  await u.click(await screen.findByRole('button', { name: /^\d+ variants? of Linen Shirt$/, expanded: false }));
  return u;
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
    const u = await openVariants();
    const variants = await screen.findByRole('table', { name: 'Variants of Linen Shirt' });
    expect(within(variants).getByLabelText('Stock 12, in stock')).toHaveClass('MuiChip-colorSuccess');
    expect(within(variants).getByLabelText('Stock 10, low stock')).toHaveClass('MuiChip-colorWarning');
    expect(within(variants).getByLabelText('Stock 0, out of stock')).toHaveClass('MuiChip-colorError');
    expect(within(variants).getAllByRole('textbox', { name: /^Original Price of/ }).map((i) => (i as HTMLInputElement).value)).toEqual([
      '1299.50',
      '1299.50',
      '1299.50',
    ]);
    await u.click(screen.getByRole('button', { name: '3 variants of Linen Shirt', expanded: true }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Variants of Linen Shirt' })).not.toBeInTheDocument());
  });

  it('shows the images gallery, or that there are none', async () => {
    serveProducts(() => [
      product({ images: [{ id: 'i1', url: '/uploads/a.jpg' }, { id: 'i2', url: '/uploads/b.jpg' }] }),
      product({ id: 'p-2', name: 'Bare Tee', slug: 'bare-tee', images: [] }),
    ]);
    await openPage();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'View 2 images of Linen Shirt' }));
    const gallery = await screen.findByRole('dialog', { name: 'Linen Shirt images' });
    expect(within(gallery).getAllByRole('img')).toHaveLength(2);
    await u.click(within(gallery).getByRole('button', { name: 'Close' }));
    await u.click(screen.getByRole('button', { name: 'View 0 images of Bare Tee' }));
    expect(await screen.findByText('No images available')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    serveProducts(() => []);
    await openPage();
    expect(await screen.findByText('No products available')).toBeInTheDocument();
  });

  it('shows the inline error panel when the products cannot be loaded', async () => {
    server.use(http.get('/api/admin/products', () => new HttpResponse(null, { status: 500 })));
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
    await deleteRow(u, 'product', 'Item 11');
    expect(await screen.findByText('Product deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(serials()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']));
    expect(screen.queryByText('Item 11')).not.toBeInTheDocument();
    // The first page is asked again: 10 products now, one page.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Go to page 2' })).not.toBeInTheDocument());
    expect(pages.at(-1)).toBe('1/10');
  });

  it('a failed delete says so', async () => {
    serveProducts(() => many(1));
    server.use(http.delete('/api/products/:id', () => new HttpResponse(null, { status: 500 })));
    await openPage();
    const u = userEvent.setup();
    await deleteRow(u, 'product', 'Item 1');
    expect(await screen.findByText('Failed to delete product')).toBeInTheDocument();
  });

  it('a refused delete says why, in the words of the server', async () => {
    serveProducts(() => many(1));
    const why = 'Item 1 is in 1 order not yet delivered: deliver or cancel it before deleting the product';
    server.use(http.delete('/api/products/:id', () => HttpResponse.json({ message: why, code: 'product_in_open_orders' }, { status: 409 })));
    await openPage();
    const u = userEvent.setup();
    await deleteRow(u, 'product', 'Item 1');
    expect(await screen.findByText(why)).toBeInTheDocument();
  });
});

describe('admin products search, filters and inline edits', () => {
  it('searches by name once typing pauses, filters by category and stock, and has a Low stock shortcut', async () => {
    const queries: URLSearchParams[] = [];
    serveProducts(() => many(3), queries);
    const { router } = await openPage();
    await screen.findByText('Item 1');
    const u = userEvent.setup();
    await u.type(screen.getByRole('textbox', { name: 'Search products' }), 'silk saree');
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('silk saree'));
    expect(queries.filter((q) => q.get('q') === 'silk s')).toHaveLength(0);

    await pick('Category', 'Shirts');
    await waitFor(() => expect(queries.at(-1)?.get('categoryId')).toBe('c-shirts'));
    await pick('Stock', 'Out of stock');
    await waitFor(() => expect(queries.at(-1)?.get('stock')).toBe('out'));
    expect(queries.at(-1)?.get('q')).toBe('silk saree');

    await u.click(screen.getByRole('button', { name: 'Low stock' }));
    await waitFor(() => expect(queries.at(-1)?.get('stock')).toBe('low'));
    expect(screen.getByRole('button', { name: 'Low stock' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toContain('stock=low');
  });

  it('opens on the filter the dashboard links to', async () => {
    const queries: URLSearchParams[] = [];
    serveProducts(() => [], queries);
    await openPage('/admin/product?stock=low');
    expect(await screen.findByText('No products match')).toBeInTheDocument();
    expect(queries[0]?.get('stock')).toBe('low');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(queries.at(-1)?.get('stock')).toBeNull());
  });

  it('saves an edited stock at once and puts it back with the message when the server refuses', async () => {
    let stored = product({ variants: [variant({ id: 'v1', size: 'M', color: 'White', stock: 7 })] });
    serveProducts(() => [stored]);
    const sent: unknown[] = [];
    let refuse = false;
    server.use(
      http.patch('/api/products/:id/variants/:variantId', async ({ request }) => {
        const body = (await request.json()) as { stock?: number };
        sent.push(body);
        if (refuse) {
          return HttpResponse.json({ message: 'The stock changed meanwhile: 5 left now. Please check and try again.', code: 'stock_changed' }, { status: 409 });
        }
        stored = { ...stored, variants: stored.variants.map((v) => ({ ...v, stock: body.stock ?? v.stock })) };
        return HttpResponse.json({ data: stored, message: 'Variant updated' });
      }),
    );
    const u = await openVariants();
    const input = await screen.findByRole('textbox', { name: 'Stock of M White' });
    await u.clear(input);
    await u.type(input, '12{Enter}');
    expect(await screen.findByText('Stock saved')).toBeInTheDocument();
    expect(sent).toEqual([{ stock: 12, expectedStock: 7 }]);
    expect(screen.getByRole('textbox', { name: 'Stock of M White' })).toHaveValue('12');
    expect(screen.getByLabelText('Stock 12, in stock')).toBeInTheDocument();

    refuse = true;
    const again = screen.getByRole('textbox', { name: 'Stock of M White' });
    await u.clear(again);
    await u.type(again, '3{Enter}');
    expect(await screen.findByText('The stock changed meanwhile: 5 left now. Please check and try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Stock of M White' })).toHaveValue('12'));
    expect(sent.at(-1)).toEqual({ stock: 3, expectedStock: 12 });
  });

  it('refuses a stock that is not a whole number without calling the server, and Escape puts the value back', async () => {
    serveProducts(() => [product({ variants: [variant({ id: 'v1', size: 'M', color: 'White', stock: 7 })] })]);
    let calls = 0;
    server.use(
      http.patch('/api/products/:id/variants/:variantId', () => {
        calls += 1;
        return HttpResponse.json({});
      }),
    );
    const u = await openVariants();
    const input = await screen.findByRole('textbox', { name: 'Stock of M White' });
    await u.clear(input);
    await u.type(input, '2.5{Enter}');
    expect(screen.getByText('Stock must be a whole number of 0 or more')).toBeInTheDocument();
    await u.type(input, '{Escape}');
    expect(input).toHaveValue('7');
    expect(screen.queryByText('Stock must be a whole number of 0 or more')).not.toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('saves a price and shows the rule the server names', async () => {
    serveProducts(() => [product({ variants: [variant({ id: 'v1', size: 'M', color: 'White', originalPrice: 1000, discountPrice: 100 })] })]);
    server.use(
      http.patch('/api/products/:id/variants/:variantId', () =>
        HttpResponse.json({ message: 'Discount Price cannot be greater than Original Price', code: 'discount_above_price' }, { status: 422 }),
      ),
    );
    const u = await openVariants();
    const input = await screen.findByRole('textbox', { name: 'Discount Price of M White' });
    await u.clear(input);
    await u.type(input, '1500');
    await u.tab();
    expect(await screen.findByText('Discount Price cannot be greater than Original Price')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Discount Price of M White' })).toHaveValue('100.00'));
  });
});

describe('admin product SKUs and duplicates', () => {
  it('shows the SKU in the form and sends it; an inline SKU already used is refused with its holder', async () => {
    const existing = product({ variants: [variant({ id: 'v1', size: 'M', color: 'White', sku: 'LS-M' })] });
    serveProducts(() => [existing]);
    const sent = serveProductSave(existing);
    server.use(
      http.patch('/api/products/:id/variants/:variantId', () =>
        HttpResponse.json({ message: 'SKU OX-1 is already used by Oxford Shirt (M, Blue)', code: 'sku_taken', field: 'sku' }, { status: 409 }),
      ),
    );
    const u = await openVariants();
    const cell = await screen.findByRole('textbox', { name: 'SKU of M White' });
    expect(cell).toHaveValue('LS-M');
    await u.clear(cell);
    await u.type(cell, 'OX-1{Enter}');
    expect(await screen.findByText('SKU OX-1 is already used by Oxford Shirt (M, Blue)')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'SKU of M White' })).toHaveValue('LS-M'));

    await u.click(screen.getByRole('button', { name: 'Edit Linen Shirt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    const sku = within(dialog).getByRole('textbox', { name: 'Variant 1 SKU' });
    expect(sku).toHaveValue('LS-M');
    await u.clear(sku);
    await u.type(sku, 'LS M');
    await u.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    expect(within(dialog).getByText("SKU must be at most 40 letters, digits, '-', '_', '.' or '/'")).toBeInTheDocument();
    await u.clear(sku);
    await u.type(sku, 'LS-M-WHT');
    await u.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(JSON.parse(String(sent().get('productVariants')))[0]).toMatchObject({ id: 'v1', sku: 'LS-M-WHT' });
  });

  it('duplicates a product and opens the copy for editing', async () => {
    const original = product();
    const copy = product({ id: 'p-copy', name: 'Linen Shirt (copy)', slug: 'linen-shirt-copy', variants: [variant({ id: 'v9', stock: 0 })] });
    serveProducts(() => [original]);
    const asked: string[] = [];
    server.use(
      http.post('/api/products/:id/duplicate', ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json({ data: copy, message: 'Copied as Linen Shirt (copy): set its stock and SKUs' }, { status: 201 });
      }),
    );
    await openPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Duplicate Linen Shirt' }));
    expect(await screen.findByText('Copied as Linen Shirt (copy): set its stock and SKUs')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    expect(within(dialog).getByRole('textbox', { name: /Product Name/ })).toHaveValue('Linen Shirt (copy)');
    expect(asked).toEqual(['p-1']);
  });
});

describe('admin catalogue CSV', () => {
  it("exports the catalogue: the server's file is saved under the name it gives, and a refusal says so", async () => {
    serveProducts(() => [product()]);
    let fail = false;
    server.use(
      http.get('/api/admin/catalog/export', () =>
        fail
          ? new HttpResponse(null, { status: 500 })
          : new HttpResponse('\uFEFFproduct_slug,product_name\r\n', {
              headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="catalogue-2026-11-26.csv"' },
            }),
      ),
    );
    const saved: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      await openPage();
      await screen.findByText('Linen Shirt');
      const u = userEvent.setup();
      await u.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(saved).toEqual(['catalogue-2026-11-26.csv']));
      fail = true;
      await u.click(await screen.findByRole('button', { name: 'Export CSV' }));
      expect(await screen.findByText('Failed to export the catalogue')).toBeInTheDocument();
      expect(saved).toHaveLength(1);
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('shows the progress of a long import until the server answers', async () => {
    serveProducts(() => [product()]);
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('/api/admin/catalog/import', async () => {
        await answered;
        return HttpResponse.json({ data: { created: 0, updated: 1, variants: 1 }, message: 'Imported 1 product: 0 new, 1 updated' });
      }),
    );
    await openPage();
    await screen.findByText('Linen Shirt');
    const u = userEvent.setup();
    await u.upload(screen.getByLabelText('Catalogue file to import'), new File(['product_slug\n'], 'catalogue.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeDisabled();
    answer();
    expect(await screen.findByText('Imported 1 product: 0 new, 1 updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Import progress' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeEnabled();
  });

  it('imports a file: lists every refused line, then reports what a good file did', async () => {
    serveProducts(() => [product()]);
    const received: string[] = [];
    let refuse = true;
    server.use(
      http.post('/api/admin/catalog/import', async ({ request }) => {
        received.push(request.headers.get('content-type') ?? '');
        if (refuse) {
          return HttpResponse.json(
            {
              message: '2 lines of the file cannot be imported; nothing was changed',
              code: 'invalid_rows',
              errors: [
                { line: 3, message: 'Category Men > Trousers does not exist' },
                { line: 5, message: 'SKU LS-M is already used on line 2' },
              ],
            },
            { status: 422 },
          );
        }
        return HttpResponse.json({ data: { created: 1, updated: 2, variants: 7 }, message: 'Imported 3 products: 1 new, 2 updated' });
      }),
    );
    await openPage();
    await screen.findByText('Linen Shirt');
    const u = userEvent.setup();
    const file = new File(['product_slug,product_name\n'], 'catalogue.csv', { type: 'text/csv' });
    await u.upload(screen.getByLabelText('Catalogue file to import'), file);
    expect(await screen.findByText('2 lines of the file cannot be imported; nothing was changed')).toBeInTheDocument();
    const lines = screen.getByRole('list', { name: 'Lines that cannot be imported' });
    expect(within(lines).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Line 3: Category Men > Trousers does not exist',
      'Line 5: SKU LS-M is already used on line 2',
    ]);
    expect(received).toEqual(['text/csv']);

    // The good file creates Women > Lehengas: the Category filter, loaded before, offers it.
    refuse = false;
    const lehengas = category({ id: 'c-lehengas', name: 'Lehengas', slug: 'women-lehengas', parentId: 'c-women' });
    const withLehengas = categoryTree().map((c) => (c.id === 'c-women' ? { ...c, subCategories: [lehengas] } : c));
    server.use(http.get('/api/categories', () => HttpResponse.json({ data: withLehengas })));
    await u.upload(screen.getByLabelText('Catalogue file to import'), file);
    expect(await screen.findByText('Imported 3 products: 1 new, 2 updated')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Lines that cannot be imported' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('combobox', { name: 'Category' }));
    expect(await screen.findByRole('option', { name: 'Lehengas' })).toBeInTheDocument();
  });
});

describe('admin product form', () => {
  it('checks every rule, then adds a product with two variants and two images', async () => {
    serveProducts(() => []);
    const sent = serveProductSave(product(), true);
    await openPage();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Variant 1 stock' })).toHaveValue(1);
    // Each price says what it is: owners read "original" as the MRP.
    expect(within(dialog).getByText('What the shopper pays, GST included')).toBeInTheDocument();
    expect(within(dialog).getByText('The saving: MRP shown = price + saving')).toBeInTheDocument();

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
    const form = sent();
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
    const sent = serveProductSave(existing);
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
    const form = sent();
    expect(form.get('id')).toBe('p-1');
    expect(form.get('categoryId')).toBe('c-formal');
    expect(JSON.parse(String(form.get('deletedImageIds')))).toEqual(['img-1']);
    expect(form.getAll('images')).toHaveLength(8);
    // The stock the form showed goes along: the server then never undoes an order placed meanwhile.
    expect(JSON.parse(String(form.get('productVariants')))[0]).toMatchObject({ id: 'v-1', stock: 4, expectedStock: 4, originalPrice: 999, discountPrice: 100 });
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
