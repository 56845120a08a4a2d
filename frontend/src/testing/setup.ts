import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from './server';
import { reloadSession } from '@/lib/session';
import { useNotices } from '@/lib/notify';
import { useUi } from '@/lib/ui';

// Lazy route chunks are transformed on first use; on a busy 2-core machine that can take a while
// (5 s was too short there under a load average of 10). A deadline, not a delay: a passing wait
// ends as soon as the element shows.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  reloadSession();
  useNotices.setState({ notices: [] });
  useUi.setState({ loginOpen: false, loginRedirect: null, loginMode: 'login', searchOpen: false });
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
