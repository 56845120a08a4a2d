import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderRoutes } from '@/testing/render';
import { signInAdmin } from '@/testing/admin';
import { routes } from '@/app/router';

describe('legal page drafts', () => {
  it('leaving with an unsaved draft asks first; after saving, leaving needs no question', async () => {
    server.use(
      http.get('/api/legal-pages', () =>
        HttpResponse.json({ data: [{ id: 'l1', title: 'Privacy Policy', slug: 'privacy-policy', content: 'Old words.', createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z' }] }),
      ),
      http.post('/api/legal-pages', async ({ request }) => {
        const body = (await request.json()) as { slug: string; title: string; content: string };
        return HttpResponse.json({ data: { id: 'l1', createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-02-01T00:00:00Z', ...body }, message: 'Page saved successfully!' });
      }),
    );
    signInAdmin();
    const { router } = await renderRoutes(routes, '/admin/legal');
    const text = await screen.findByRole('textbox', { name: 'Privacy Policy content' });
    const u = userEvent.setup();
    await u.type(text, ' New words.');

    await act(() => router.navigate('/admin/category'));
    const question = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(router.state.location.pathname).toBe('/admin/legal');
    await u.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Privacy Policy content' })).toHaveValue('Old words. New words.');

    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Page saved successfully!')).toBeInTheDocument();
    await act(() => router.navigate('/admin/category'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/category'));
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument();
  });
});
