// ESLint (flat config): TypeScript's recommended rules, the rules of hooks and the feature boundaries.
//
// Boundaries: a feature (src/features/X) never imports another feature; the routes in src/app
// compose features, and what two features share lives in src/components or src/lib, which
// import no feature.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

// The boundary rule is the shop's own (a few lines): eslint-plugin-import does not run on ESLint 10,
// and eslint-plugin-import-x resolves through native bindings that npm cannot lock for every platform.
const srcDir = resolve(dirname(fileURLToPath(import.meta.url)), 'src');

/** Where a file or import target sits: ['features', name] | ['components'] | ['lib'] | other. */
function placeOf(path) {
  const parts = relative(srcDir, path).split(sep);
  return parts[0] === '..' ? [] : parts;
}

function targetOf(source, filename) {
  if (source.startsWith('@/')) return resolve(srcDir, source.slice(2));
  if (source.startsWith('.')) return resolve(dirname(filename), source);
  return null;
}

const featureBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const [area, feature] = placeOf(context.filename);
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = targetOf(node.source.value, context.filename);
      if (!target) return;
      const [targetArea, targetFeature] = placeOf(target);
      if (targetArea !== 'features') return;
      if (area === 'features' && targetFeature !== feature) {
        context.report({
          node: node.source,
          message:
            'A feature does not import another feature: move what both need to src/components or src/lib, or compose them in src/app.',
        });
      } else if (area === 'components' || area === 'lib') {
        context.report({ node: node.source, message: 'Shared components and libraries import no feature.' });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, shop: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      // The rules of hooks; the plugin's React Compiler rules (refs, set-state-in-effect, ...) are
      // for code compiled by the React Compiler, which the shop does not use.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'shop/feature-boundaries': 'error',
    },
  },
  {
    files: ['e2e/**/*.{ts,mjs}', 'scripts/**/*.mjs', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
);
