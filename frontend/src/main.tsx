import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, routerReady } from './app/App';
import { firstScreenPainted } from './lib/first-screen';

/**
 * The first screen of a page, painted by the server (crates/web/src/first_screen.rs) where the app
 * draws it. It stays until the app can render the page itself (without this wait, the first render
 * would replace it with a loader while the route's chunk arrives) and until its picture is on
 * screen (replaced before that, the app's copy of the picture would be the page's largest paint).
 * Its first render is then a transition: React renders in slices that leave a phone's main thread
 * free between them (the page is already on screen), instead of one long task.
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
  const firstScreen = document.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (firstScreen) void Promise.all([routerReady(), firstScreenPainted(firstScreen)]).then(() => startTransition(render));
  else render();
}
