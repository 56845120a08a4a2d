import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderRoutes } from '@/testing/render';
import { categoryTree, openAdmin, product, productPage, signInAdmin } from '@/testing/admin';
import { variant } from '@/testing/fixtures';
import { smallScreen } from '@/testing/media';
import { routes } from '@/app/router';
import { StockBadge } from './StockBadge';

function serveEmptyCatalogue() {
  server.use(
    http.get('/api/products', () => HttpResponse.json(productPage([]))),
    http.get('/api/categories', () => HttpResponse.json({ data: categoryTree() })),
  );
}

async function openAddProduct() {
  serveEmptyCatalogue();
  const utils = await openAdmin('/admin/product', 'Products');
  const u = userEvent.setup();
  await u.click((await screen.findAllByRole('button', { name: 'Add Product' }))[0]);
  const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
  return { ...utils, u, dialog };
}

describe('owner walk: the product form', () => {
  it("a message goes away as soon as its field is fixed, without saving again", async () => {
    const { u, dialog } = await openAddProduct();
    await u.click(within(dialog).getByRole('button', { name: 'Save Product' }));
    const summary = within(dialog).getByRole('alert');
    expect(summary).toHaveTextContent('Please fill Product Name');
    await u.type(within(dialog).getByRole('textbox', { name: /Product Name/ }), 'Oxford Shirt');
    expect(within(dialog).getByRole('alert')).not.toHaveTextContent('Please fill Product Name');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select Category');
    await u.type(within(dialog).getByRole('textbox', { name: 'Variant 1 size' }), 'm');
    expect(within(dialog).queryByText('Please fill Size')).not.toBeInTheDocument();
  });

  it("an added variant can take another colour at once, and a typed name gets its own hex ('Mustard' is not navy)", async () => {
    const { u, dialog } = await openAddProduct();
    await u.type(within(dialog).getByRole('textbox', { name: 'Variant 1 color' }), 'Navy Blue');
    expect(within(dialog).getByRole('textbox', { name: 'Variant 1 hex code' })).toHaveValue('#000080');
    await u.click(within(dialog).getByRole('button', { name: 'Add Variant' }));
    const colour2 = within(dialog).getByRole('textbox', { name: 'Variant 2 color' });
    expect(colour2).toHaveValue('Navy Blue');
    await u.clear(colour2);
    await u.type(colour2, 'Mustard');
    expect(within(dialog).getByRole('textbox', { name: 'Variant 2 hex code' })).toHaveValue('#ffdb58');
    expect(within(dialog).getByRole('textbox', { name: 'Variant 1 hex code' })).toHaveValue('#000080');
  });

  it('closing with unsaved changes asks first: Escape keeps the work until the owner discards it', async () => {
    const { u, dialog } = await openAddProduct();
    await u.type(within(dialog).getByRole('textbox', { name: /Product Name/ }), 'Oxford Shirt');
    await u.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await u.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /Product Name/ })).toHaveValue('Oxford Shirt');

    await u.click(within(screen.getByRole('dialog', { name: 'Add Product' })).getByRole('button', { name: 'Cancel' }));
    await u.click(within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Product' })).not.toBeInTheDocument());
  });

  it('leaving the page with unsaved changes asks first; an untouched form closes without a question', async () => {
    const { u, dialog, router } = await openAddProduct();
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Product' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument();
    expect(dialog).not.toBeInTheDocument();

    await u.click(screen.getAllByRole('button', { name: 'Add Product' })[0]);
    const again = await screen.findByRole('dialog', { name: 'Add Product' });
    await u.type(within(again).getByRole('textbox', { name: /Product Name/ }), 'Kurta');
    void router.navigate('/admin/category');
    const question = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(router.state.location.pathname).toBe('/admin/product');
    await u.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/admin/product');
    expect(screen.getByRole('textbox', { name: /Product Name/ })).toHaveValue('Kurta');
  });
});

describe('owner walk: the stock badge', () => {
  it('is yellow from 1 to 10 pieces, as docs/PRODUCT.md says', () => {
    render(
      <>
        <StockBadge stock={10} />
        <StockBadge stock={1} />
        <StockBadge stock={11} />
      </>,
    );
    for (const label of ['Stock 10, low stock', 'Stock 1, low stock']) {
      expect(getComputedStyle(screen.getByLabelText(label)).backgroundColor).toBe('rgb(255, 214, 0)');
    }
    expect(getComputedStyle(screen.getByLabelText('Stock 11, in stock')).backgroundColor).not.toBe('rgb(255, 214, 0)');
  });
});

describe('owner walk: products on a phone', () => {
  it('are cards with their variants, and Edit and Delete in reach', async () => {
    const restore = smallScreen();
    try {
      server.use(
        http.get('/api/admin/products', () =>
          HttpResponse.json(productPage([product({ id: 'p-1', name: 'Oxford Shirt', variants: [variant({ id: 'v-1', size: 'M', color: 'Mustard', stock: 4 })] })])),
        ),
        http.get('/api/categories', () => HttpResponse.json({ data: categoryTree() })),
      );
      signInAdmin();
      await renderRoutes(routes, '/admin/product');
      const cards = await screen.findByRole('list', { name: 'Products' });
      expect(screen.queryByRole('table', { name: 'Products' })).not.toBeInTheDocument();
      const card = within(cards).getByRole('listitem', { name: 'Oxford Shirt' });
      expect(within(card).getByLabelText('Stock 4, low stock')).toBeInTheDocument();
      const u = userEvent.setup();
      await u.click(within(card).getByRole('button', { name: 'Delete Oxford Shirt' }));
      expect(await screen.findByRole('dialog', { name: 'Delete product' })).toBeInTheDocument();
      await u.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete product' })).not.toBeInTheDocument());
      await u.click(within(card).getByRole('button', { name: 'Edit Oxford Shirt' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
      // The whole screen, one field a line: no label is cut off.
      expect(dialog.closest('.MuiDialog-paper') ?? dialog).toHaveClass('MuiDialog-paperFullScreen');
    } finally {
      restore();
    }
  });
});
