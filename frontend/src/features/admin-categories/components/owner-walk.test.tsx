import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderRoutes } from '@/testing/render';
import { categoryTree, signInAdmin } from '@/testing/admin';
import { smallScreen } from '@/testing/media';
import { routes } from '@/app/router';

describe('owner walk: categories', () => {
  it('on a phone are cards with Edit and Delete in reach, subcategories opened in place', async () => {
    const restore = smallScreen();
    try {
      server.use(http.get('/api/categories', () => HttpResponse.json({ data: categoryTree() })));
      signInAdmin();
      await renderRoutes(routes, '/admin/category');
      const cards = await screen.findByRole('list', { name: 'Categories' });
      expect(screen.queryByRole('table', { name: 'Categories' })).not.toBeInTheDocument();
      const men = within(cards).getByRole('listitem', { name: 'Men' });
      const u = userEvent.setup();
      await u.click(within(men).getByRole('button', { name: 'Show 1 subcategory of Men', expanded: false }));
      expect(await within(cards).findByRole('listitem', { name: 'Shirts' })).toBeInTheDocument();
      await u.click(within(cards).getByRole('button', { name: 'Delete Women' }));
      expect(await screen.findByRole('dialog', { name: 'Delete category' })).toBeInTheDocument();
      await u.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete category' })).not.toBeInTheDocument());
      await u.click(within(cards).getByRole('button', { name: 'Edit Men' }));
      expect(await screen.findByRole('dialog', { name: 'Edit Category' })).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('closing the category dialog with a changed name asks first (click outside), and Discard closes it', async () => {
    server.use(http.get('/api/categories', () => HttpResponse.json({ data: categoryTree() })));
    signInAdmin();
    await renderRoutes(routes, '/admin/category');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Edit Men' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    await u.type(within(dialog).getByRole('textbox', { name: /Category name/ }), ' Wear');
    const backdrop = document.querySelector('.MuiBackdrop-root') as HTMLElement;
    await u.click(backdrop);
    const question = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await u.click(within(question).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Category' })).not.toBeInTheDocument());
  });
});
