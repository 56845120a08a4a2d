import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import CloseIcon from '@mui/icons-material/Close';
import { Link } from 'react-router';
import type { Product, Variant } from '@/lib/api-types';
import { percentOff } from '@/lib/money';
import { firstImage, firstSrcSet } from '@/lib/images';
import { sortBySize } from '@/lib/sizes';
import { PriceTag } from './PriceTag';

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
}

export function variantLabel(v: Variant, manyColours: boolean): string {
  return manyColours && v.color ? `${v.size} · ${v.color}` : v.size;
}

export function ProductCard({
  product,
  wishlisted,
  onToggleWishlist,
  onAddToCart,
  onRemove,
  showLowStock = false,
  eager = false,
}: ProductCardProps) {
  const variants = useMemo(() => sortBySize(product.variants ?? []), [product.variants]);
  const manyColours = useMemo(() => new Set(variants.map((v) => v.color)).size > 1, [variants]);
  const [selectedId, setSelectedId] = useState<string | null>(product.variants?.[0]?.id ?? null);
  const selected = variants.find((v) => v.id === selectedId) ?? null;
  const shown = selected ?? product.variants?.[0] ?? null;
  const pct = shown ? percentOff(shown) : 0;
  const href = `/product/${encodeURIComponent(product.slug || product.id)}`;
  const titleId = `product-${product.id}-title`;

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        minWidth: 0,
        '&:hover .card-img, &:focus-within .card-img': { transform: 'scale(1.04)' },
        '@media (hover: hover)': {
          '& .card-add': { opacity: 0, transform: 'translateY(6px)' },
          '&:hover .card-add, &:focus-within .card-add': { opacity: 1, transform: 'none' },
        },
      }}
    >
      <Box sx={{ position: 'relative', overflow: 'hidden', aspectRatio: '4 / 5', bgcolor: 'grey.100' }}>
        <Link to={href} state={{ product }} tabIndex={-1} aria-hidden="true">
          <Box
            component="img"
            className="card-img"
            src={firstImage(product.images, true)}
            srcSet={firstSrcSet(product.images)}
            sizes="(max-width: 600px) 50vw, (max-width: 1200px) 33vw, 280px"
            alt={product.name}
            width={400}
            height={500}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block', transition: 'transform .4s' }}
          />
        </Link>
        {pct > 0 && (
          <Chip
            label={`${pct}% OFF`}
            color="error"
            size="small"
            sx={{ position: 'absolute', top: 8, left: 8, fontWeight: 700 }}
          />
        )}
        {onRemove ? (
          <IconButton
            aria-label={`Remove ${product.name} from wishlist`}
            onClick={() => onRemove(product)}
            sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'rgba(255,255,255,.9)', '&:hover': { bgcolor: '#fff' } }}
          >
            <CloseIcon />
          </IconButton>
        ) : (
          <IconButton
            aria-label={wishlisted ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`}
            aria-pressed={wishlisted}
            onClick={() => onToggleWishlist(product)}
            sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'rgba(255,255,255,.9)', '&:hover': { bgcolor: '#fff' } }}
          >
            {wishlisted ? <FavoriteIcon color="error" /> : <FavoriteBorderIcon />}
          </IconButton>
        )}
      </Box>
      <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, flexGrow: 1 }}>
        {product.category?.name && (
          <Typography variant="caption" color="text.secondary" noWrap>
            {product.category.name}
          </Typography>
        )}
        <Typography
          id={titleId}
          component={Link}
          to={href}
          state={{ product }}
          sx={{
            color: 'text.primary',
            textDecoration: 'none',
            fontWeight: 600,
            lineHeight: 1.3,
            overflowWrap: 'anywhere',
            '&:hover': { textDecoration: 'underline' },
          }}
        >
          {product.name}
        </Typography>
        {shown && <PriceTag variant={shown} showPercent={false} />}
        {variants.length > 0 && (
          <Box role="group" aria-label="Sizes" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {variants.map((v) => {
              const active = v.id === selectedId;
              const out = v.stock <= 0;
              return (
                <Chip
                  key={v.id}
                  size="small"
                  label={variantLabel(v, manyColours)}
                  variant={active ? 'filled' : 'outlined'}
                  color={active ? 'primary' : 'default'}
                  disabled={out}
                  aria-pressed={active}
                  aria-label={`Size ${variantLabel(v, manyColours)}${out ? ' (out of stock)' : ''}`}
                  onClick={() => setSelectedId(active ? null : v.id)}
                  sx={out ? { textDecoration: 'line-through' } : undefined}
                />
              );
            })}
          </Box>
        )}
        {showLowStock && selected && selected.stock >= 1 && selected.stock <= 5 && (
          <Typography variant="caption" color="warning.dark" sx={{ fontWeight: 600 }}>
            {selected.stock} left
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button
          className="card-add"
          variant="contained"
          fullWidth
          onClick={() => onAddToCart(product, selected)}
          sx={{ transition: 'opacity .2s, transform .2s' }}
          aria-label={`Add ${product.name} to cart`}
        >
          Add to Cart
        </Button>
      </Box>
    </Card>
  );
}
