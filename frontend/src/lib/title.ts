import { useEffect } from 'react';
import { useUi } from './ui';

/** Sets the document title of a route: "Page | Brand". */
export function useDocumentTitle(title: string): void {
  const brand = useUi((s) => s.brandName);
  useEffect(() => {
    document.title = title ? `${title} | ${brand}` : brand;
  }, [title, brand]);
}
