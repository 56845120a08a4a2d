import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { openAdmin, productPage } from '@/testing/admin';

function serveSearchTools() {
  let text = 'saree, sari';
  const saved: string[] = [];
  server.use(
    http.get('/api/search/synonyms', () => HttpResponse.json({ data: { text, rules: 1 } })),
    http.put('/api/search/synonyms', async ({ request }) => {
      const body = (await request.json()) as { text: string };
      saved.push(body.text);
      if (body.text.includes('odhni\n') || body.text.endsWith('odhni')) {
        return HttpResponse.json(
          { message: 'Line 2: a group needs at least two words, separated by commas', code: 'invalid_synonyms', field: 'text' },
          { status: 422 },
        );
      }
      text = body.text;
      return HttpResponse.json({ data: { text, rules: 2 }, message: 'Synonyms saved' });
    }),
    http.get('/api/search/misses', () =>
      HttpResponse.json({ data: [{ query: 'tuxedo', count: 3, lastSeen: '2026-11-25' }] }),
    ),
    http.get('/api/products', () => HttpResponse.json(productPage([]))),
  );
  return saved;
}

describe('admin search tools', () => {
  it('shows the missed searches and saves the synonyms, showing the line the server refuses', async () => {
    const saved = serveSearchTools();
    await openAdmin('/admin/search', 'Search');
    const table = await screen.findByRole('table', { name: 'Searches that found nothing' });
    expect(await within(table).findByText('tuxedo')).toBeInTheDocument();
    expect(within(table).getByText('3')).toBeInTheDocument();

    const field = await screen.findByRole('textbox', { name: 'Synonyms' });
    expect(field).toHaveValue('saree, sari');
    const u = userEvent.setup();
    await u.click(field);
    await u.keyboard('{End}{Enter}odhni');
    await u.click(screen.getByRole('button', { name: 'Save synonyms' }));
    expect(await screen.findByText('Line 2: a group needs at least two words, separated by commas')).toBeInTheDocument();

    await u.type(field, ' => dupatta');
    await u.click(screen.getByRole('button', { name: 'Save synonyms' }));
    expect(await screen.findByText('Synonyms saved')).toBeInTheDocument();
    expect(saved.at(-1)).toBe('saree, sari\nodhni => dupatta');
    expect(screen.queryByText(/Line 2/)).not.toBeInTheDocument();
  });
});
