import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_WAIT_MS, firstScreenPainted } from './first-screen';

/** The server's first screen with its largest picture, loaded or still on its way. */
function screen(complete: boolean): { element: HTMLElement; picture: HTMLImageElement } {
  const element = document.createElement('div');
  element.innerHTML = '<span><img src="/uploads/a.jpg" fetchpriority="high" alt=""></span><img src="/uploads/logo.png" alt="">';
  const picture = element.querySelector('img')!;
  Object.defineProperty(picture, 'complete', { value: complete });
  return { element, picture };
}

/** Whether the promise has settled once every timer and frame now due has run. */
async function settled(promise: Promise<void>, ms: number): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(ms);
  return done;
}

describe('firstScreenPainted', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] }));
  afterEach(() => vi.useRealTimers());

  it('holds the app back until the picture has loaded and a frame has painted it', async () => {
    const { element, picture } = screen(false);
    const painted = firstScreenPainted(element);
    expect(await settled(painted, 500)).toBe(false);
    picture.dispatchEvent(new Event('load'));
    expect(await settled(painted, 50)).toBe(true);
  });

  it('a picture already loaded waits for one frame only, and a broken one does not hold the app', async () => {
    expect(await settled(firstScreenPainted(screen(true).element), 50)).toBe(true);
    const broken = screen(false);
    const painted = firstScreenPainted(broken.element);
    broken.picture.dispatchEvent(new Event('error'));
    expect(await settled(painted, 50)).toBe(true);
  });

  it('a slow picture holds the app back for a bounded time, and a screen without one not at all', async () => {
    const painted = firstScreenPainted(screen(false).element);
    expect(await settled(painted, FIRST_SCREEN_WAIT_MS - 100)).toBe(false);
    expect(await settled(painted, 200)).toBe(true);
    expect(await settled(firstScreenPainted(document.createElement('div')), 0)).toBe(true);
  });
});
