import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/testing/render';
import { category } from '@/testing/fixtures';
import { Hero } from './Hero';

describe('home page carousel', () => {
  it('gives every dot a tap target of at least 24 × 24 px, the current one too', async () => {
    const categories = ['Women', 'Men', 'Kids'].map((name) => category({ id: `c-${name}`, name, slug: name.toLowerCase() }));
    renderWithApp(<Hero categories={categories} brandName="Test Shop" />);
    const dots = ['Show Women', 'Show Men', 'Show Kids'].map((name) => screen.getByRole('button', { name }));
    const atLeast24 = (dot: HTMLElement) => {
      const { width, height } = getComputedStyle(dot);
      expect(parseFloat(width)).toBeGreaterThanOrEqual(24);
      expect(parseFloat(height)).toBeGreaterThanOrEqual(24);
    };
    dots.forEach(atLeast24);

    await userEvent.setup().click(dots[2]);
    expect(dots[2]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'Kids' })).toBeInTheDocument();
    dots.forEach(atLeast24);
  });
});
