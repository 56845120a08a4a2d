import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Variant } from '@/lib/api-types';
import { product } from '@/testing/fixtures';
import { ProductCard } from './ProductCard';
import { QuantityStepper } from './QuantityStepper';

const M: Variant = { id: 'v-m', size: 'M', color: 'Blue', colorHexCode: null, stock: 5, originalPrice: 800, discountPrice: 200, mrp: 1000, percentOff: 20 };
const S: Variant = { id: 'v-s', size: 'S', color: 'Blue', colorHexCode: null, stock: 2, originalPrice: 700, discountPrice: 0, mrp: 700, percentOff: 0 };
const L: Variant = { ...M, id: 'v-l', size: 'L', stock: 0 };

function renderCard(onAddToCart = vi.fn(), onToggleWishlist = vi.fn(), variants = [M, S, L]) {
  render(
    <MemoryRouter>
      <ProductCard
        product={product({ variants })}
        wishlisted={false}
        onAddToCart={onAddToCart}
        onToggleWishlist={onToggleWishlist}
      />
    </MemoryRouter>,
  );
  return { onAddToCart, onToggleWishlist };
}

describe('ProductCard', () => {
  it('shows price, struck MRP and percent-off badge of the first variant, sizes sorted', () => {
    renderCard();
    expect(screen.getByText('20% OFF')).toBeInTheDocument();
    expect(screen.getByText('₹800.00')).toBeInTheDocument();
    expect(screen.getByText('₹1,000.00')).toHaveStyle({ textDecoration: 'line-through' });
    const sizes = screen.getAllByRole('button', { name: /^Size / }).map((b) => b.textContent);
    expect(sizes).toEqual(['S', 'M', 'L']);
    expect(screen.getByRole('button', { name: 'Size L (out of stock)' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('adds the selected size; clicking the selected size clears it', async () => {
    const { onAddToCart } = renderCard();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add to Cart, Linen Shirt' }));
    expect(onAddToCart).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ id: 'v-m' }));

    await user.click(screen.getByRole('button', { name: 'Size M' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart, Linen Shirt' }));
    expect(onAddToCart).toHaveBeenLastCalledWith(expect.anything(), null);

    await user.click(screen.getByRole('button', { name: 'Size S' }));
    expect(screen.getByText('₹700.00')).toBeInTheDocument();
    expect(screen.queryByText('20% OFF')).not.toBeInTheDocument();
  });

  it('preselects the first size in stock, not a sold-out one', async () => {
    const { onAddToCart } = renderCard(vi.fn(), vi.fn(), [{ ...S, stock: 0 }, { ...M, stock: 3 }]);
    expect(screen.getByText('₹800.00')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add to Cart, Linen Shirt' }));
    expect(onAddToCart).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ id: 'v-m' }));
  });

  it('shows colours as swatches and each size once; a colour shows its own sizes in stock', async () => {
    const red = (v: Variant, stock: number): Variant => ({ ...v, id: `${v.id}-red`, color: 'Red', colorHexCode: '#ff0000', stock });
    const { onAddToCart } = renderCard(vi.fn(), vi.fn(), [M, S, L, red(M, 0), red(S, 0), red(L, 4)]);
    const colours = screen.getByRole('group', { name: 'Colours' });
    expect(colours).toContainElement(screen.getByRole('button', { name: 'Colour Blue' }));
    expect(screen.getByRole('button', { name: 'Colour Blue' })).toHaveAttribute('aria-pressed', 'true');
    // One chip per size, not one per size and colour.
    const sizes = screen.getAllByRole('button', { name: /^Size / }).map((b) => b.textContent);
    expect(sizes).toEqual(['S', 'M', 'L']);
    expect(screen.getByRole('button', { name: 'Size L (out of stock)' })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Colour Red' }));
    expect(screen.getByRole('button', { name: 'Size L' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Size M (out of stock)' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add to Cart, Linen Shirt' }));
    expect(onAddToCart).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ id: 'v-l-red' }));
  });

  it('the heart toggles the wishlist', async () => {
    const { onToggleWishlist } = renderCard();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add Linen Shirt to wishlist' }));
    expect(onToggleWishlist).toHaveBeenCalledTimes(1);
  });
});

describe('QuantityStepper', () => {
  it('minus is disabled at 1 and plus at the stock', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<QuantityStepper value={1} stock={3} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(onChange).toHaveBeenCalledWith(2);

    rerender(<QuantityStepper value={3} stock={3} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
  });
});
