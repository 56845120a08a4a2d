// Shared by playwright.config.ts and the tests.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The admin the test server makes sure exists (a throw-away local server only). */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-pass' };
