// Shared by playwright.config.ts, e2e/serve.mjs (through webServer.env) and the tests.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The admin the test server makes sure exists (a throw-away local server only). */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-pass' };
/** The test server's folder (made fresh by serve.mjs, removed when it stops). One per port,
 * so that tests can read what the server writes there: its e-mail outbox. */
export const E2E_ROOT = join(tmpdir(), `shop-e2e-${E2E_PORT}`);
/** Where the server writes e-mails as .eml files (no SMTP_URL): `<data dir>/outbox`. */
export const E2E_OUTBOX = join(E2E_ROOT, 'data', 'outbox');
