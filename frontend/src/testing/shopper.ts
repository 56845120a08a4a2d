import { http, HttpResponse, type RequestHandler } from 'msw';
import { signIn } from '@/lib/session';
import { cart, user } from './fixtures';
import { server } from './server';

/** The empty cart and wishlist every storefront page asks a signed-in shopper's server for. */
export const emptyBasket = [
  http.get('/api/cart', () => HttpResponse.json({ data: cart([]) })),
  http.get('/api/wishlist', () => HttpResponse.json({ data: { wishlist: { id: 'w', userId: 'u-1', items: [] } } })),
];

/** Signs the customer asha in, with the given handlers and, where they answer no other, an empty cart and wishlist. */
export function signInShopper(...handlers: RequestHandler[]) {
  signIn('tok', user());
  server.use(...handlers, ...emptyBasket);
}
