/**
 * A page's first screen comes in its HTML (crates/web/src/first_screen.rs), with its largest
 * picture marked `fetchpriority="high"`. The app replaces the screen only once that picture is on
 * screen: replaced before, the screen's picture is never painted and the app's copy of it, drawn
 * once the JavaScript has run, becomes the page's largest paint. A picture that is slow to come
 * holds the app back at most `FIRST_SCREEN_WAIT_MS` (the app's own copy then goes on loading it).
 */
export const FIRST_SCREEN_WAIT_MS = 2000;

/** Resolves once `screen`'s largest picture has loaded (or failed) and a frame has been painted. */
export function firstScreenPainted(screen: Element): Promise<void> {
  const picture = screen.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!picture) return Promise.resolve();
  const loaded = new Promise<void>((resolve) => {
    if (picture.complete) resolve();
    picture.addEventListener('load', () => resolve(), { once: true });
    picture.addEventListener('error', () => resolve(), { once: true });
  });
  const painted = loaded.then(
    // The frame after the load paints the picture; the timeout runs once that frame is done.
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
}
