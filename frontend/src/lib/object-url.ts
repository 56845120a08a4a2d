import { useEffect, useState } from 'react';

/** A preview URL for a picked file, revoked when the file changes or the component goes away. */
export function useObjectUrl(file: File | Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL?.(next);
  }, [file]);
  return url;
}

/** Catalogue images are PNG or JPEG (`.png`, `.jpg`, `.jpeg`); only the company logo may also be SVG. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

/** PNG, JPG or JPEG, by MIME type or, when the browser gives none, by extension. */
export function isCatalogImage(file: File): boolean {
  if (file.type) return (IMAGE_TYPES as readonly string[]).includes(file.type);
  return /\.(png|jpe?g)$/i.test(file.name);
}
