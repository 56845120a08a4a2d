/** A `window.matchMedia` that answers each media query with `matches(query)`. */
export function matchMediaWhere(matches: (query: string) => boolean): typeof window.matchMedia {
  return ((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

/** Makes MUI's useMediaQuery see a small screen (max-width queries match) until the returned restore runs. */
export function smallScreen(): () => void {
  const original = window.matchMedia;
  window.matchMedia = matchMediaWhere((query) => query.includes('max-width'));
  return () => {
    window.matchMedia = original;
  };
}
