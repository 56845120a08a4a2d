import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, routerReady } from './app/App';

/**
 * The first screen of a product page, painted by the server (crates/web/src/first_screen.rs) where
 * the app draws it. It stays until the app can render the page itself: without this wait, the
 * first render would replace it with a loader while the route's chunk arrives.
 */
const FIRST_SCREEN_ELEMENT_ID = 'shop-first-screen';

const root = document.getElementById('root');
if (root) {
  const render = () =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  if (document.getElementById(FIRST_SCREEN_ELEMENT_ID)) void routerReady().then(render);
  else render();
}
