#!/usr/bin/env node
// Reports the gzipped size of the JavaScript a shopper downloads for the home page: the entry
// chunk and everything it imports statically, plus the home route chunk and its static imports.
// Fails (exit 1) above the budget. Run after `vite build` (needs dist/.vite/manifest.json).
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = Number(process.env.HOME_JS_BUDGET_KB ?? 200);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`bundle-size: ${manifestPath} not found; run the build first`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const homeKey = Object.keys(manifest).find((k) => k.endsWith('src/app/routes/home.tsx'));
if (!entryKey || !homeKey) {
  console.error(`bundle-size: entry (${entryKey}) or home route (${homeKey}) missing from the manifest`);
  process.exit(2);
}

const seen = new Set();
function collect(key) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) collect(dep);
}
collect(entryKey);
collect(homeKey);

const rows = [...seen]
  .map((key) => manifest[key].file)
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const bytes = readFileSync(join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);

const kb = (n) => (n / 1024).toFixed(1);
let total = 0;
let raw = 0;
for (const r of rows) {
  total += r.gzip;
  raw += r.raw;
  console.log(`${kb(r.gzip).padStart(8)} KB gz  ${kb(r.raw).padStart(8)} KB  ${r.file}`);
}
console.log(`home page JS: ${kb(total)} KB gzipped (${kb(raw)} KB raw) in ${rows.length} files; budget ${BUDGET_KB} KB`);
// The back office is its own lazy chunks: none of its code may reach the shopper's home page.
const ADMIN_MARKERS = ['3 Registered', 'Please fill Product Name', 'Failed to fetch orders', 'Company details updated successfully!'];
const leaked = rows.filter((r) => {
  const text = readFileSync(join(dist, r.file), 'utf8');
  return ADMIN_MARKERS.some((m) => text.includes(m));
});
if (leaked.length > 0) {
  console.error(`bundle-size: admin code in the home page JS: ${leaked.map((r) => r.file).join(', ')}`);
  process.exit(1);
}
console.log('admin code: not in the home page JS');
if (total > BUDGET_KB * 1024) {
  console.error(`bundle-size: over budget by ${kb(total - BUDGET_KB * 1024)} KB`);
  process.exit(1);
}
