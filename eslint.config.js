import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The import walls of a front end (bulletproof-react's zones): app -> features -> shared
 * (components, lib, config); a feature never imports another feature, the app layer composes them.
 */
function frontEndZones(app) {
  const src = `./apps/${app}/src`;
  const features = readdirSync(resolve(import.meta.dirname, src, 'features'));
  return [
    ...features.map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features`,
      except: [`./${feature}`],
      message:
        'A feature never imports another feature: share it from components/ or lib/, or compose in app/.',
    })),
    { target: `${src}/features`, from: `${src}/app` },
    ...['components', 'lib', 'config'].map((shared) => ({
      target: `${src}/${shared}`,
      from: [`${src}/features`, `${src}/app`],
    })),
  ];
}

/**
 * The walls between server modules (decision 022): a module's files import another module only
 * through its index.ts, its public face; its repository and other files are private. One zone per
 * module: every other module's folder may not import from it, except its index.ts. Folder
 * cycles are checked by scripts/module-cycles.ts (`npm run lint:modules`).
 */
function serverModuleZones() {
  const modules = `./apps/server/src/modules`;
  const names = readdirSync(resolve(import.meta.dirname, modules), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return names.map((name) => ({
    target: names.filter((other) => other !== name).map((other) => `${modules}/${other}`),
    from: `${modules}/${name}`,
    except: ['./index.ts'],
    message: 'Import another module through its index.ts (its public face), never its files.',
  }));
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/server/drizzle/**',
      '**/.test-output/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { [resolve(import.meta.dirname, 'scripts/eslint-ts-resolver.cjs')]: {} },
    },
    rules: {
      // Fastify plugins are async functions by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import/no-cycle': ['error', { ignoreExternal: true, disableScc: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports flow app -> features -> shared components/lib; features never import each other.
      'import/no-restricted-paths': [
        'error',
        { zones: [...frontEndZones('web'), ...frontEndZones('admin')] },
      ],
    },
  },
  {
    // Server modules reach each other only through their index.ts (tests are exempt).
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'import/no-restricted-paths': ['error', { zones: serverModuleZones() }],
    },
  },
  {
    // Process state is built in buildApp and passed down (issue 19): no module makes its own
    // secret box (decision 013), so no key is ever read or kept by a module.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/secret-box.js'],
              importNames: ['createSecretBox'],
              message: 'A module is handed the app’s secret box (buildApp), never builds one.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON responses, which are untyped by nature; the assertions check their shape.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'apps/server/test/support/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
