/** Whether the shopper asked the system for less motion (no matchMedia, as in tests: no). */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
