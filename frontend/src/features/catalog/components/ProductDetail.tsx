import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBagOutlined';
import { PriceTag } from '@/components/PriceTag';
import { QuantityStepper } from '@/components/QuantityStepper';
import { RouterLink } from '@/components/RouterLink';
import type { Product, Variant } from '@/lib/api-types';
import { PLACEHOLDER_IMAGE, PRODUCT_IMAGE_SIZES } from '@/lib/images';
import { formatMoney } from '@/lib/money';
import { clampQuantity } from '@/lib/quantity';
import { findVariant, isLightColour, sizeAfterTap, useVariantChoice } from '@/lib/variant-options';

// The full-screen gallery is a chunk of its own, fetched on the first tap on the picture.
const ZoomGallery = lazy(() => import('./ZoomGallery'));

/** The pictures with the ones tagged with `colour` first, each group in its own order. */
export function picturesFor<T extends { color?: string | null }>(images: T[], colour: string | null): T[] {
  if (!colour) return images;
  return [...images.filter((i) => i.color === colour), ...images.filter((i) => i.color !== colour)];
}

/** "N sizes available": how many sizes are in stock. */
export function sizesAvailableLabel(sizes: { inStock: boolean }[]): string {
  const n = sizes.filter((s) => s.inStock).length;
  return `${n} ${n === 1 ? 'size' : 'sizes'} available`;
}

interface Props {
  product: Product;
  wishlisted: boolean;
  onToggleWishlist: (p: Product) => void;
  /** Resolves true when the line was added (the quantity then resets to 1). */
  onAddToCart: (p: Product, variant: Variant | null, quantity: number) => Promise<boolean>;
  related: ReactNode;
  categoryHref: string | null;
  /** Shown under Add to Cart: the delivery check by PIN code. */
  delivery?: ReactNode;
}

export function ProductDetail({ product, wishlisted, onToggleWishlist, onAddToCart, related, categoryHref, delivery }: Props) {
  const { variants, colours, sizes, choice, selected, shown, chooseColour: choose, chooseSize } = useVariantChoice(product.variants);
  const [quantity, setQuantity] = useState(1);
  const [imageIndex, setImageIndex] = useState(0);
  const [busy, setBusy] = useState(false);

  const inStock = selected ? selected.stock > 0 : variants.some((v) => v.stock > 0);

  function chooseColour(colour: string) {
    const { size } = choose(colour);
    setImageIndex(0);
    const next = findVariant(variants, colour, size);
    if (next) setQuantity((q) => clampQuantity(q, next.stock));
  }
  const [galleryOpen, setGalleryOpen] = useState(false);
  const [galleryUsed, setGalleryUsed] = useState(false);
  // The chosen colour's pictures come first.
  const images = useMemo(
    () => (product.images?.length ? picturesFor(product.images, choice.colour) : [{ id: 'none', url: PLACEHOLDER_IMAGE }]),
    [product.images, choice.colour],
  );
  const shownIndex = Math.min(imageIndex, images.length - 1);
  const image = images[shownIndex];

  async function add() {
    setBusy(true);
    try {
      const ok = await onAddToCart(product, selected, quantity);
      if (ok) setQuantity(1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container sx={{ py: { xs: 2, md: 4 } }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2, '& ol': { flexWrap: 'wrap' } }}>
        <Link component={RouterLink} to="/" color="inherit">
          Home
        </Link>
        {product.category?.name &&
          (categoryHref ? (
            <Link component={RouterLink} to={categoryHref} color="inherit">
              {product.category.name}
            </Link>
          ) : (
            <Typography color="text.secondary">{product.category.name}</Typography>
          ))}
        <Typography color="text.primary" aria-current="page" sx={{ overflowWrap: 'anywhere' }}>
          {product.name}
        </Typography>
      </Breadcrumbs>
      <Box sx={{ display: 'grid', gap: { xs: 3, md: 5 }, gridTemplateColumns: { xs: 'minmax(0,1fr)', md: '1fr 1fr' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Box
            component="button"
            type="button"
            aria-label={`Open picture ${shownIndex + 1} of ${images.length} full screen`}
            onClick={() => {
              setGalleryUsed(true);
              setGalleryOpen(true);
            }}
            sx={{
              display: 'block',
              width: '100%',
              p: 0,
              border: 0,
              aspectRatio: '4 / 5',
              bgcolor: 'grey.100',
              borderRadius: 2,
              overflow: 'hidden',
              cursor: 'zoom-in',
            }}
          >
            <Box
              component="img"
              src={image.url}
              srcSet={image.srcset ?? undefined}
              sizes={PRODUCT_IMAGE_SIZES}
              alt={`${product.name}, picture ${shownIndex + 1} of ${images.length}`}
              width={800}
              height={1000}
              fetchPriority="high"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          </Box>
          {galleryUsed && (
            <Suspense fallback={null}>
              <ZoomGallery
                open={galleryOpen}
                index={shownIndex}
                onClose={() => setGalleryOpen(false)}
                pictures={images.map((img, i) => ({
                  src: img.url,
                  alt: `${product.name}, picture ${i + 1} of ${images.length}`,
                  srcset: 'srcset' in img ? img.srcset : null,
                  width: 'width' in img ? img.width : undefined,
                  height: 'height' in img ? img.height : undefined,
                }))}
              />
            </Suspense>
          )}
          {images.length > 1 && (
            <Box role="group" aria-label="Pictures" sx={{ display: 'flex', gap: 1, mt: 1, overflowX: 'auto', pb: 0.5 }}>
              {images.map((img, i) => (
                <Box
                  key={img.id}
                  component="button"
                  type="button"
                  aria-label={`Show picture ${i + 1}`}
                  aria-pressed={i === shownIndex}
                  onClick={() => setImageIndex(i)}
                  sx={{
                    p: 0,
                    border: 2,
                    borderColor: i === shownIndex ? 'secondary.main' : 'transparent',
                    borderRadius: 1,
                    cursor: 'pointer',
                    flex: '0 0 auto',
                    bgcolor: 'transparent',
                  }}
                >
                  <Box
                    component="img"
                    src={('thumbUrl' in img && img.thumbUrl) || img.url}
                    alt=""
                    width={64}
                    height={80}
                    loading="lazy"
                    sx={{ width: 64, height: 80, objectFit: 'cover', display: 'block', borderRadius: 0.5 }}
                  />
                </Box>
              ))}
            </Box>
          )}
        </Box>
        <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box>
            <Box sx={{ display: 'flex', gap: 1, mb: 1, flexWrap: 'wrap' }}>
              <Chip
                label={inStock ? 'In Stock' : 'Out of Stock'}
                color={inStock ? 'success' : 'error'}
                size="small"
                variant="outlined"
              />
              {product.isBestSeller && <Chip label="Best Seller" color="secondary" size="small" />}
            </Box>
            <Typography variant="h3" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {product.name}
            </Typography>
          </Box>
          {shown && <PriceTag variant={shown} size="large" />}
          {colours.length > 0 && (
            <Box>
              <Typography variant="subtitle1" component="h2" id="colour-label" sx={{ mb: 1 }}>
                Colour:{' '}
                <Box component="span" sx={{ fontWeight: 400 }}>
                  {choice.colour}
                </Box>
              </Typography>
              <Box role="group" aria-labelledby="colour-label" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {colours.map((c) => {
                  const active = c.name === choice.colour;
                  return (
                    <Box
                      key={c.name}
                      component="button"
                      type="button"
                      title={c.name}
                      aria-pressed={active}
                      aria-label={`Colour ${c.name}${c.inStock ? '' : ' (out of stock)'}`}
                      onClick={() => chooseColour(c.name)}
                      sx={{
                        width: 40,
                        height: 40,
                        p: 0,
                        display: 'flex',
                        alignItems: 'center',
                        justifyContent: 'center',
                        border: 2,
                        borderColor: active ? 'text.primary' : 'transparent',
                        borderRadius: '50%',
                        bgcolor: 'transparent',
                        cursor: 'pointer',
                        opacity: c.inStock ? 1 : 0.45,
                      }}
                    >
                      <Box
                        component="span"
                        sx={{
                          width: 28,
                          height: 28,
                          borderRadius: '50%',
                          bgcolor: c.hex ?? 'grey.500',
                          boxShadow: isLightColour(c.hex) ? 'inset 0 0 0 1px rgba(0,0,0,0.3)' : 'none',
                        }}
                      />
                    </Box>
                  );
                })}
              </Box>
            </Box>
          )}
          <Box>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 1, gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="h2" id="size-label">
                Select Size
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {sizesAvailableLabel(sizes)}
              </Typography>
            </Box>
            <Box role="group" aria-labelledby="size-label" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {sizes.map((s) => {
                const active = s.size === choice.size;
                const out = !s.inStock;
                return (
                  <Button
                    key={s.size}
                    variant={active ? 'contained' : 'outlined'}
                    disabled={out}
                    aria-pressed={active}
                    aria-label={`Size ${s.size}${out ? ' (out of stock)' : ''}`}
                    onClick={() => {
                      const size = sizeAfterTap(sizes, choice.size, s.size);
                      chooseSize(size);
                      const next = findVariant(variants, choice.colour, size);
                      if (next) setQuantity((q) => clampQuantity(q, next.stock));
                    }}
                    sx={{ minWidth: 52, maxWidth: '100%', whiteSpace: 'nowrap', flexShrink: 0 }}
                  >
                    {s.size}
                  </Button>
                );
              })}
            </Box>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="subtitle1" component="span">
              Quantity
            </Typography>
            <QuantityStepper value={quantity} stock={selected?.stock ?? 1} onChange={setQuantity} disabled={!selected} />
          </Box>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button
              variant="contained"
              size="large"
              startIcon={<ShoppingBagIcon />}
              onClick={add}
              disabled={busy || !inStock}
              sx={{ flexGrow: 1 }}
            >
              Add to Cart - {formatMoney((shown?.originalPrice ?? 0) * quantity)}
            </Button>
            <IconButton
              aria-label={wishlisted ? 'Remove from wishlist' : 'Add to wishlist'}
              aria-pressed={wishlisted}
              onClick={() => onToggleWishlist(product)}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}
            >
              {wishlisted ? <FavoriteIcon color="error" /> : <FavoriteBorderIcon />}
            </IconButton>
          </Box>
          {delivery}
          {product.description && (
            <Box component="section" aria-labelledby="description-title">
              <Typography id="description-title" variant="h6" component="h2" gutterBottom>
                Description
              </Typography>
              <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {product.description}
              </Typography>
            </Box>
          )}
        </Box>
      </Box>
      {related}
    </Container>
  );
}
