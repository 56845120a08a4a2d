/** What each browser says when a dynamic import (a lazily loaded page file) could not be fetched. */
const FAILED_IMPORT_MESSAGES = [
  'failed to fetch dynamically imported module', // Chrome, Edge
  'importing a module script failed', // Safari
  'error loading dynamically imported module', // Firefox
];

/**
 * Whether `error` is a page file (chunk) that failed to load: the network dropped, or a new deploy
 * replaced the file names. Reloading the page is then the way on, not a bug report.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  if (typeof message !== 'string') return false;
  const text = message.toLowerCase();
  return FAILED_IMPORT_MESSAGES.some((m) => text.includes(m));
}
