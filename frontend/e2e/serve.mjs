// Starts the real `shop` binary for the browser suite on a brand-new temporary data and uploads
// directory (demo catalogue, one admin, cheap bcrypt), and removes that directory when stopped.
// Playwright's webServer runs this and waits for /api/health. It builds nothing.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Port and admin come from playwright.config.ts (webServer.env).
const E2E_PORT = process.env.E2E_PORT ?? '18080';
const E2E_ADMIN = { email: process.env.E2E_ADMIN_EMAIL ?? '', password: process.env.E2E_ADMIN_PASSWORD ?? '' };
const frontend = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repo = resolve(frontend, '..');

/** SHOP_BIN, else the newer of target/release/shop and target/debug/shop. */
function findBinary() {
  if (process.env.SHOP_BIN) return resolve(process.env.SHOP_BIN);
  const candidates = ['release', 'debug']
    .map((p) => join(repo, 'target', p, 'shop'))
    .filter((p) => existsSync(p))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return candidates[0] ?? join(repo, 'target', 'debug', 'shop');
}

const staticDir = join(frontend, 'dist');
if (!existsSync(join(staticDir, 'index.html'))) {
  console.error(`e2e: ${staticDir}/index.html is missing; run \`npm run build\` first (npm run e2e does).`);
  process.exit(1);
}

// The binary may be in the middle of a rebuild (cargo replaces it): give it a moment to come back.
let bin = findBinary();
for (let i = 0; i < 60 && !existsSync(bin); i++) {
  if (i === 0) console.error(`e2e: waiting for ${bin} (build it with \`cargo build -p server\`)`);
  await new Promise((r) => setTimeout(r, 1000));
  bin = findBinary();
}
if (!existsSync(bin)) {
  console.error(`e2e: no shop binary at ${bin}; run \`cargo build -p server\` or set SHOP_BIN.`);
  process.exit(1);
}

// E2E_ROOT (from playwright.config.ts, see e2e/env.ts) is a fixed folder the tests can find
// (they read the e-mail outbox in it); it is emptied first. Without it, a new temporary one.
const root = process.env.E2E_ROOT ? resolve(process.env.E2E_ROOT) : mkdtempSync(join(tmpdir(), 'shop-e2e-'));
rmSync(join(root, 'data'), { recursive: true, force: true });
rmSync(join(root, 'uploads'), { recursive: true, force: true });
mkdirSync(root, { recursive: true });
const dataDir = join(root, 'data');
const uploadsDir = join(root, 'uploads');
mkdirSync(dataDir);
mkdirSync(uploadsDir);
console.log(`e2e: ${bin} on 127.0.0.1:${E2E_PORT}, data in ${root}`);

const env = { ...process.env };
for (const k of ['DATABASE_URL', 'SMTP_URL', 'JWT_SECRET']) delete env[k];
Object.assign(env, {
  SHOP_DATA_DIR: dataDir,
  UPLOADS_DIR: uploadsDir,
  SHOP_STATIC_DIR: staticDir,
  SHOP_BIND: `127.0.0.1:${E2E_PORT}`,
  SHOP_DEMO: '1',
  SHOP_ADMIN_EMAIL: E2E_ADMIN.email,
  SHOP_ADMIN_PASSWORD: E2E_ADMIN.password,
  SHOP_BCRYPT_COST: '4',
  // The whole suite signs in as many people from one address, more than the 20 a minute a
  // real address is allowed; the limit itself is tested by the API tests.
  SHOP_RATE_SIGN_IN: '600',
  RUST_LOG: process.env.E2E_RUST_LOG ?? 'warn,server=info',
});

// The shop logs to stdout, which Playwright ignores: keep its tail to show if it exits early.
const child = spawn(bin, ['serve'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
let logTail = '';
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  logTail = (logTail + chunk.toString()).slice(-16_000);
});
let stopping = false;
function cleanUp() {
  try {
    rmSync(root, { recursive: true, force: true });
  } catch {
    /* best effort */
  }
}
function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null) child.kill(signal);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
// 'close' comes after the output is read to its end.
child.on('close', (code, signal) => {
  cleanUp();
  if (!stopping) console.error(`e2e: shop exited early (${signal ?? code}); its log:\n${logTail}`);
  process.exit(stopping ? 0 : code ?? 1);
});
