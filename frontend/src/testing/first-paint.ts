import { afterEach } from 'vitest';
import { FIRST_PAINT_ELEMENT_ID, resetFirstPaint } from '@/lib/first-paint';
import { server } from './server';

/** Puts a data block into the page as the server does for a client route: answers by URL, or raw text. */
export function inlineFirstPaint(answers: Record<string, unknown> | string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_PAINT_ELEMENT_ID;
  element.textContent = typeof answers === 'string' ? answers : JSON.stringify(answers);
  document.head.appendChild(element);
  resetFirstPaint();
}

/** Every request the app sent to the (mocked) network, as path and query. */
export function recordUrls(): string[] {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    seen.push(url.pathname + url.search);
  });
  return seen;
}

/** After each test of the file: no data block, no request listeners, nothing left to hand out. */
export function clearFirstPaintAfterEach() {
  afterEach(() => {
    document.getElementById(FIRST_PAINT_ELEMENT_ID)?.remove();
    server.events.removeAllListeners();
    resetFirstPaint();
  });
}
