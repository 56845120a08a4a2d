import { Link } from 'react-router';
import type { Product, Variant } from '@/lib/api-types';
import { formatMoney } from '@/lib/money';
import { CARD_IMAGE_SIZES, firstImage, firstSrcSet } from '@/lib/images';
import { isLightColour, sizeAfterTap, useVariantChoice } from '@/lib/variant-options';
import { READABLE } from '@/theme/contrast';
import './product-card.css';

export interface ProductCardProps {
  product: Product;
  wishlisted: boolean;
  onToggleWishlist: (product: Product) => void;
  onAddToCart: (product: Product, variant: Variant | null) => void;
  /** Wishlist: a remove button instead of the heart, and an "N left" label for stock 1–5. */
  onRemove?: (product: Product) => void;
  showLowStock?: boolean;
  /** Eager-load the image (first row above the fold). */
  eager?: boolean;
  /** The page's largest picture: fetched before the others. */
  priority?: boolean;
}

const ICONS = {
  heart: 'm12 21.35-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z',
  heartOutline:
    'M16.5 3c-1.74 0-3.41.81-4.5 2.09C10.91 3.81 9.24 3 7.5 3 4.42 3 2 5.42 2 8.5c0 3.78 3.4 6.86 8.55 11.54L12 21.35l1.45-1.32C18.6 15.36 22 12.28 22 8.5 22 5.42 19.58 3 16.5 3m-4.4 15.55-.1.1-.1-.1C7.14 14.24 4 11.39 4 8.5 4 6.5 5.5 5 7.5 5c1.54 0 3.04.99 3.57 2.36h1.87C13.46 5.99 14.96 5 16.5 5c2 0 3.5 1.5 3.5 3.5 0 2.89-3.14 5.74-7.9 10.05',
  close: 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z',
};

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

/**
 * A product in a listing: picture, percent-off badge, wishlist heart, name, price, sizes and
 * Add to Cart. Plain elements styled by product-card.css (cheap to render 24 at a time).
 */
export function ProductCard({
  product,
  wishlisted,
  onToggleWishlist,
  onAddToCart,
  onRemove,
  showLowStock = false,
  eager = false,
  priority = false,
}: ProductCardProps) {
  const { colours, sizes, choice, selected, shown, chooseColour, chooseSize } = useVariantChoice(product.variants);
  const pct = shown?.percentOff ?? 0;
  const href = `/product/${encodeURIComponent(product.slug || product.id)}`;
  const titleId = `product-${product.id}-title`;

  return (
    <article className="pc" aria-labelledby={titleId}>
      <div className="pc-media">
        <Link to={href} state={{ product }} tabIndex={-1} aria-hidden="true">
          <img
            className="pc-img"
            src={firstImage(product.images, true)}
            srcSet={firstSrcSet(product.images)}
            sizes={CARD_IMAGE_SIZES}
            alt={product.name}
            width={400}
            height={500}
            loading={eager || priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
          />
        </Link>
        {pct > 0 && <span className="pc-badge">{`${pct}% OFF`}</span>}
        {onRemove ? (
          <button type="button" className="pc-icon" aria-label={`Remove ${product.name} from wishlist`} onClick={() => onRemove(product)}>
            <Icon path={ICONS.close} />
          </button>
        ) : (
          <button
            type="button"
            className="pc-icon"
            aria-label={wishlisted ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`}
            aria-pressed={wishlisted}
            onClick={() => onToggleWishlist(product)}
          >
            <Icon path={wishlisted ? ICONS.heart : ICONS.heartOutline} />
          </button>
        )}
      </div>
      <div className="pc-body">
        {product.category?.name && <span className="pc-category">{product.category.name}</span>}
        <Link id={titleId} className="pc-title" to={href} state={{ product }}>
          {product.name}
        </Link>
        {shown && (
          <div className="pc-price">
            <b>{formatMoney(shown.originalPrice)}</b>
            {shown.discountPrice > 0 && (
              <s style={{ textDecoration: 'line-through' }}>
                <span className="pc-sr">MRP </span>
                {formatMoney(shown.mrp)}
              </s>
            )}
          </div>
        )}
        {colours.length > 0 && (
          <div role="group" aria-label="Colours" className="pc-swatches">
            {colours.map((c) => {
              const active = c.name === choice.colour;
              return (
                <button
                  type="button"
                  key={c.name}
                  className="pc-swatch"
                  title={c.name}
                  aria-pressed={active}
                  aria-label={`Colour ${c.name}${c.inStock ? '' : ' (out of stock)'}`}
                  onClick={() => chooseColour(c.name)}
                >
                  <span
                    className={isLightColour(c.hex) ? 'pc-dot pc-dot-light' : 'pc-dot'}
                    style={{ background: c.hex ?? undefined }}
                  />
                </button>
              );
            })}
            {colours.length > 1 && <span className="pc-colour-name">{choice.colour}</span>}
          </div>
        )}
        {sizes.length > 0 && (
          <div role="group" aria-label="Sizes" className="pc-sizes">
            {sizes.map((s) => {
              const active = s.size === choice.size;
              const out = !s.inStock;
              return (
                <button
                  type="button"
                  key={s.size}
                  className="pc-size"
                  disabled={out}
                  aria-disabled={out || undefined}
                  aria-pressed={active}
                  aria-label={`Size ${s.size}${out ? ' (out of stock)' : ''}`}
                  onClick={() => chooseSize(sizeAfterTap(sizes, choice.size, s.size))}
                >
                  {s.size}
                </button>
              );
            })}
          </div>
        )}
        {showLowStock && selected && selected.stock >= 1 && selected.stock <= 5 && (
          <span className="pc-low" style={{ color: READABLE.lowStock.text }}>
            {selected.stock} left
          </span>
        )}
        <div className="pc-spacer" />
        <button
          type="button"
          className="pc-add"
          onClick={() => onAddToCart(product, selected)}
          // The name begins with the words shown (WCAG 2.5.3): a voice user says "Add to Cart".
          aria-label={`Add to Cart, ${product.name}`}
        >
          Add to Cart
        </button>
      </div>
    </article>
  );
}
