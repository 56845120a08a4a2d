import { useEffect } from 'react';
import { useBrandName } from './company';

/** Sets the document title of a route: "Page | Brand". */
export function useDocumentTitle(title: string): void {
  const brand = useBrandName();
  useEffect(() => {
    document.title = title ? `${title} | ${brand}` : brand;
  }, [title, brand]);
}
