import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { serveQueries } from '@/testing/server';
import { openAdmin } from '@/testing/admin';
import type { AuditEntry } from '../api';

const ENTRIES: AuditEntry[] = [
  { id: 'e2', at: '2026-11-26T09:15:00.000Z', actorId: 'u-meera', actorName: 'Meera Iyer', area: 'orders', action: 'orders.status', target: 'abcdef12-3456', summary: 'Order status updated — deliveryStatus: "SHIPPED"' },
  { id: 'e1', at: '2026-11-26T08:00:00.000Z', actorId: 'u-vik', actorName: 'Vikram Shah', area: 'settings', action: 'settings.cod', target: null, summary: 'Cash on delivery settings saved — maxUnitsPerLine: 7' },
];

function serveLog() {
  return serveQueries('/api/audit-log', (query) => {
    const data = ENTRIES.filter((e) => (!query.get('area') || e.area === query.get('area')) && (!query.get('actorId') || e.actorId === query.get('actorId')));
    return HttpResponse.json({ data, pagination: { totalItems: data.length, currentPage: 1, limit: 50, totalPages: 1 } });
  });
}

describe('admin audit log', () => {
  it('shows who did what and when, and filters by area, person and dates on the server', async () => {
    const asked = serveLog();
    await openAdmin('/admin/audit', 'Audit log');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const row = within(table).getByText('orders.status').closest('tr') as HTMLElement;
    expect(within(row).getByText('Meera Iyer')).toBeInTheDocument();
    expect(within(row).getByText('Order status updated — deliveryStatus: "SHIPPED"')).toBeInTheDocument();
    // India time: 09:15 UTC is 2:45 pm.
    expect(within(row).getByText(/26 Nov 2026.*02:45\s*pm/i)).toBeInTheDocument();

    const u = userEvent.setup();
    await u.click(screen.getByRole('combobox', { name: 'Area' }));
    await u.click(await screen.findByRole('option', { name: 'Settings' }));
    await waitFor(() => expect(asked.at(-1)?.get('area')).toBe('settings'));
    expect(await within(screen.getByRole('table', { name: 'Audit log' })).findByText('settings.cod')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Audit log' })).queryByText('orders.status')).not.toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Only changes by Vikram Shah' }));
    await waitFor(() => expect(asked.at(-1)?.get('actorId')).toBe('u-vik'));
    expect(screen.getByText('By Vikram Shah')).toBeInTheDocument();

    const from = screen.getByLabelText('From');
    await u.type(from, '2026-11-01');
    await waitFor(() => expect(asked.at(-1)?.get('from')).toBe('2026-11-01'));
    // Nothing on the page edits or deletes an entry.
    expect(screen.queryByRole('button', { name: /delete|edit/i })).not.toBeInTheDocument();
  });
});
