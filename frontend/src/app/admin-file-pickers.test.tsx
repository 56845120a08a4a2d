import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { categoryTree, openAdmin, productPage } from '@/testing/admin';

/**
 * A keyboard user tabs to the picker button and presses Enter, then Space: each must open the
 * browser's file chooser, i.e. click the hidden file input named `inputLabel`.
 */
async function opensChooserFromKeyboard(scope: HTMLElement, button: string, inputLabel: string) {
  const control = within(scope).getByRole('button', { name: button });
  const input = within(scope).getByLabelText(inputLabel);
  const chooser = vi.spyOn(input, 'click');
  const u = userEvent.setup();
  control.focus();
  expect(control).toHaveFocus();
  await u.keyboard('{Enter}');
  expect(chooser).toHaveBeenCalledTimes(1);
  await u.keyboard(' ');
  expect(chooser).toHaveBeenCalledTimes(2);
}

describe('back-office image pickers work from the keyboard', () => {
  it('"Add images" in the product form', async () => {
    server.use(
      http.get('/api/admin/products', () => HttpResponse.json(productPage([]))),
      http.get('/api/categories', () => HttpResponse.json({ data: categoryTree() })),
    );
    await openAdmin('/admin/product', 'Products');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    await opensChooserFromKeyboard(dialog, 'Add images', 'Product images');
  });

  it('"Choose image" in the category form', async () => {
    server.use(http.get('/api/categories', () => HttpResponse.json({ data: categoryTree() })));
    await openAdmin('/admin/category', 'Categories');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Add Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Category' });
    await opensChooserFromKeyboard(dialog, 'Choose image', 'Category image');
  });

  it('the company logo button', async () => {
    server.use(
      http.get('/api/products', () => HttpResponse.json(productPage([]))),
      http.get('/api/gst/states', () => HttpResponse.json({ data: [] })),
    );
    await openAdmin('/admin/company');
    const form = await screen.findByRole('form', { name: 'Company details' });
    await opensChooserFromKeyboard(form, 'Upload logo', 'Company logo');
  });
});
