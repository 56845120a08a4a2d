import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { dropFirstPaint } from '@/lib/first-paint';
import { markNavigated } from '@/lib/navigation';

const router = createAppRouter();
// The answers the server put into the page are for the page it was loaded on only.
const landing = router.state.location.key;
const stopWatching = router.subscribe((state) => {
  if (state.location.key !== landing) {
    markNavigated();
    dropFirstPaint();
    stopWatching();
  }
});

/** Resolves once the router has loaded the landing page's route modules (its first render is then the page). */
export function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (state.initialized) {
        stop();
        resolve();
      }
    });
  });
}

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
