import nextPlugin from '@next/eslint-plugin-next';
import checkFile from 'eslint-plugin-check-file';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['.next/**', 'node_modules/**', '.data/**', 'db/migrations/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin, 'check-file': checkFile },
    settings: { 'import/resolver': { typescript: { project: './tsconfig.json' } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-cycle': 'error',
      // Arrows point one way: app → lib/server/http → lib/server/services → db. The browser's code
      // (components, lib/client) never reaches the server's; what both use lives in lib/shared.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './db', from: ['./lib', './app', './components'], message: 'db/ imports nothing from lib/, app/ or components/.' },
            { target: './lib', from: ['./app', './components'], message: 'lib/ does not depend on pages or components.' },
            {
              target: ['./components', './lib/client'],
              from: ['./db', './lib/server'],
              message: 'Browser code goes through the API (lib/client/api-client.ts), never the database, the services or server auth.',
            },
            {
              target: './lib/shared',
              from: ['./lib/server', './lib/client', './db'],
              except: ['./schema/enums.ts'],
              message: 'lib/shared runs on both sides: it uses neither side, nor the database (but its import-free enums).',
            },
            {
              target: './lib/server/config',
              from: ['./lib', './db'],
              except: ['./server/config'],
              message: 'Settings are a leaf: read from the environment, they import nothing of the app.',
            },
            {
              target: './lib/server',
              from: './lib/client',
              message: 'Server code never imports browser code: what both need lives in lib/shared.',
            },
            {
              target: ['./lib/server/services', './lib/server/serializers', './lib/server/auth', './lib/server/webhooks', './lib/server/oauth'],
              from: './lib/server/http',
              message: 'The work does not know its transport: services throw domain errors, the HTTP layer (lib/server/http) maps them.',
            },
          ],
        },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '{db,lib,components,scripts,tests,e2e,bench}/**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    plugins: { '@next/next': nextPlugin, 'react-hooks': reactHooks },
    rules: { ...nextPlugin.configs.recommended.rules, ...reactHooks.configs.recommended.rules },
  },
);
