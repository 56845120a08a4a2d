import { PICTURE_SIZES } from './first-paint';

/** Placeholder shown when a product or category has no image. */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500" viewBox="0 0 400 500"><rect width="400" height="500" fill="#eceff1"/><text x="200" y="260" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#90a4ae">No image</text></svg>',
  );

export function firstImage(images: { url: string; thumbUrl?: string | null }[] | undefined, thumb = false): string {
  const img = images?.[0];
  if (!img) return PLACEHOLDER_IMAGE;
  return (thumb && img.thumbUrl) || img.url || PLACEHOLDER_IMAGE;
}

/** The `srcset` of the first image, when the server made thumbnails for it. */
export function firstSrcSet(images: { srcset?: string | null }[] | undefined): string | undefined {
  return images?.[0]?.srcset ?? undefined;
}

// `sizes` of the pictures a page may show first: the server preloads them with the same
// `srcset`/`sizes` (both read the page contract), so the browser fetches each picture once.
export const HERO_IMAGE_SIZES = PICTURE_SIZES.hero;
export const CARD_IMAGE_SIZES = PICTURE_SIZES.card;
export const PRODUCT_IMAGE_SIZES = PICTURE_SIZES.product;
