import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';

/** Handlers every test gets; tests add their own with server.use(...). */
export const defaultHandlers = [
  http.get('/api/company-details', () =>
    HttpResponse.json({
      data: { name: 'Test Shop', email: 'hello@test.shop', phone: '9876543210', address: '1 MG Road', pincode: '560001', logoUrl: null },
    }),
  ),
  http.get('/api/categories', () => HttpResponse.json({ data: [] })),
  http.get('/api/legal-pages', () => HttpResponse.json({ data: [] })),
  // Logout ends the token on the server; tests that care assert on it with their own handler.
  http.post('/api/auth/logout', () => HttpResponse.json({ message: 'Signed out' })),
];

export const server = setupServer(...defaultHandlers);
