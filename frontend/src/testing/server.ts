import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { company } from './fixtures';

/** Handlers every test gets; tests add their own with server.use(...). */
export const defaultHandlers = [
  http.get('/api/company-details', () => HttpResponse.json({ data: company() })),
  http.get('/api/categories', () => HttpResponse.json({ data: [] })),
  http.get('/api/legal-pages', () => HttpResponse.json({ data: [] })),
  // Logout ends the token on the server; tests that care assert on it with their own handler.
  http.post('/api/auth/logout', () => HttpResponse.json({ message: 'Signed out' })),
  // A reset link still works unless a test says otherwise.
  http.post('/api/auth/reset-password/check', () => HttpResponse.json({ valid: true })),
  // The checkout asks whether cash on delivery accepts the order; tests of a refusal add their own.
  http.get('/api/checkout/cod', () =>
    HttpResponse.json({
      data: {
        available: true,
        code: null,
        message: 'Cash on delivery available for this order (up to Rs 10,000.00)',
        rules: { codMinOrderValue: null, codMaxOrderValue: 10000, maxOpenCodOrders: 3, maxUnitsPerLine: 10 },
      },
    }),
  ),
];

export const server = setupServer(...defaultHandlers);

/** Answers GET `path` with what `answer` makes of each query string, and keeps the query strings asked, in order. */
export function serveQueries(path: string, answer: (query: URLSearchParams) => Response): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(path, ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      return answer(query);
    }),
  );
  return asked;
}
