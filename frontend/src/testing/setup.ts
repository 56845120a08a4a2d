import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { server } from './server';
import { reloadSession } from '@/lib/session';
import { useNotices } from '@/lib/notify';
import { useUi } from '@/lib/ui';

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
