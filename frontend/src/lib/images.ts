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

// `sizes` of the pictures a page may show first. The server preloads them with the same
// `srcset`/`sizes` (crates/http/src/first_paint.rs): keep both in step, or the browser
// fetches the picture twice.
export const HERO_IMAGE_SIZES = '100vw';
export const CARD_IMAGE_SIZES = '(max-width: 600px) 50vw, (max-width: 1200px) 33vw, 280px';
export const PRODUCT_IMAGE_SIZES = '(max-width: 900px) 100vw, 50vw';
