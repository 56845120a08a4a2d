import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from './server';
import { reloadSession } from '@/lib/session';
import { useNotices } from '@/lib/notify';
import { useUi } from '@/lib/ui';

// Lazy route chunks are transformed on first use; on a busy 2-core machine that can take a while.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  reloadSession();
  useNotices.setState({ notices: [] });
  useUi.setState({ loginOpen: false, loginRedirect: null, loginMode: 'login', searchOpen: false, brandName: 'Fashion Shop' });
});
afterAll(() => server.close());

// jsdom has no layout: stub what the app calls.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};

// jsdom has no object URLs: previews of picked files get a stable fake one.
if (typeof URL.createObjectURL !== 'function') {
  let n = 0;
  URL.createObjectURL = () => `blob:preview-${++n}`;
  URL.revokeObjectURL = () => {};
}
