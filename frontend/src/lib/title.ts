import { useEffect } from 'react';
import { useBrandName } from './company';
// Named imports: the bundle keeps only these parts of the page contract.
import { backOfficePages, notFoundTitle, pages } from './page-contract.json';

/** A storefront page of the page contract: the server titles it the same from its first byte. */
export type PageName = keyof typeof pages;

/**
 * Sets the document title of a route: "Page | Brand" (the brand alone for an empty title); `null`
 * leaves the title as it is, for a page whose title waits on its data.
 */
export function useDocumentTitle(title: string | null): void {
  const brand = useBrandName();
  useEffect(() => {
    if (title !== null) document.title = title ? `${title} | ${brand}` : brand;
  }, [title, brand]);
}

/** The contract's title of page `name` (for a product page: that of a product that does not exist). */
export function pageTitle(name: PageName | 'notFound'): string {
  return name === 'notFound' ? notFoundTitle : pages[name].title;
}

/** Titles a route with its page's title from the page contract, as the server does. */
export function usePageTitle(name: PageName | 'notFound'): void {
  useDocumentTitle(pageTitle(name));
}

/** A screen of the back office in the page contract. */
export type BackOfficeScreen = keyof typeof backOfficePages;

/** Titles a back-office screen with its title from the page contract, as the server does. */
export function useBackOfficeTitle(screen: BackOfficeScreen): void {
  useDocumentTitle(backOfficePages[screen].title);
}
