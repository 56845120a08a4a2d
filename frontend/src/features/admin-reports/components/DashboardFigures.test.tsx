import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '@/testing/render';
import type { Summary } from '../api';
import { DashboardFigures } from './DashboardFigures';

/** Thirty days with `orders` orders worth `revenue` on the last one. */
function summary(orders: number, revenue: number): Summary {
  const days = Array.from({ length: 30 }, (_, i) => ({
    date: `2026-10-${String(i + 1).padStart(2, '0')}`,
    orders: i === 29 ? orders : 0,
    revenue: i === 29 ? revenue : 0,
  }));
  return { today: days[29], days, pendingOrders: 0, lowStockVariants: 0, outOfStockVariants: 0, lowStockMax: 5 };
}

describe('dashboard figures', () => {
  it('counts the last 30 days in the singular for one order', () => {
    renderWithApp(<DashboardFigures summary={summary(1, 3098)} failed={false} onRetry={() => {}} />);
    expect(within(screen.getByRole('region', { name: 'Last 30 days' })).getByText('1 order · ₹3,098.00')).toBeInTheDocument();
  });

  it('and in the plural for none or several', () => {
    const { unmount } = renderWithApp(<DashboardFigures summary={summary(0, 0)} failed={false} onRetry={() => {}} />);
    expect(screen.getByText('0 orders · ₹0.00')).toBeInTheDocument();
    unmount();
    renderWithApp(<DashboardFigures summary={summary(2, 1000)} failed={false} onRetry={() => {}} />);
    expect(screen.getByText('2 orders · ₹1,000.00')).toBeInTheDocument();
  });
});
