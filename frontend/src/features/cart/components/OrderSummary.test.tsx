import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { OrderSummary } from './OrderSummary';

describe('OrderSummary', () => {
  it("shows the server's figures with the zero tax line explained as included in the prices", () => {
    render(<OrderSummary summary={{ subtotal: 2500, discount: 500, tax: 0, total: 2000, itemCount: 2 }} />);
    const figures = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(figures).toEqual(['₹2,500.00', '- ₹500.00', '₹0.00', '₹2,000.00']);
    expect(screen.getByText('Inclusive of all taxes')).toBeVisible();
  });
});
