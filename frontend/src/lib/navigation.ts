/**
 * Whether the app has moved from the page it was loaded on. A POP navigation after that is
 * Back or Forward (the landing page's own first render is a POP too).
 */
let navigated = false;

export function markNavigated(): void {
  navigated = true;
}

export function hasNavigated(): boolean {
  return navigated;
}
