/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const backend = process.env.SHOP_BACKEND_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // react-router's package exports name its development build for every import; the shop
      // ships its production build (no dev warnings or their checks).
      ...(process.env.NODE_ENV === 'test' || process.env.VITEST
        ? []
        : [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
            },
          ]),
    ],
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/uploads': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The manifest lets scripts/bundle-size.mjs follow the chunks the home page needs.
    manifest: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Fewer, larger files on a page's critical path: a phone on HTTP/1.1 fetches at most six
        // at a time, and each wave costs a round trip. Everything the entry needs is one chunk;
        // the small app modules the storefront screens share are another.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 20 },
            {
              name: 'storefront',
              test: /[\\/]src[\\/](lib|app[\\/]shop-actions|components[\\/](ProductCard|PriceTag|product-card)|features[\\/]catalog[\\/]components[\\/]FeaturedProducts|features[\\/](catalog|cart|wishlist|content)[\\/](api|lib))[\\/.]/,
              priority: 10,
            },
            // A listing (shop, category) and the product page, each with the library code it
            // alone needs.
            { name: 'listing', test: /[\\/]features[\\/]catalog[\\/]components[\\/]ProductListing\.tsx$/, priority: 5 },
            { name: 'product-page', test: /[\\/]features[\\/]catalog[\\/]components[\\/]ProductDetail\.tsx$/, priority: 5 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // A deadline for a slow, busy machine; a passing test ends when it is done.
    testTimeout: 60_000,
    pool: 'threads',
    maxWorkers: 2,
  },
});
