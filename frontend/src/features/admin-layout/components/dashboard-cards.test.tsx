import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '@/testing/render';
import { DashboardCards } from './DashboardCards';

describe('dashboard cards', () => {
  it('let a badge wrap under the title instead of spilling out of a narrow card', async () => {
    renderWithApp(<DashboardCards categoryCount={12} pendingCount={1234} />);
    const company = await screen.findByRole('region', { name: 'Company' });
    const header = company.querySelector('[data-testid="card-header"]') as HTMLElement;
    expect(getComputedStyle(header).flexWrap).toBe('wrap');
    expect(getComputedStyle(screen.getByLabelText('1234 pending orders')).maxWidth).toBe('100%');
  });
});
