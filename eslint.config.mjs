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
      // Arrows point one way: app → lib → db; components never reach the database.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './db', from: ['./lib', './app', './components'], message: 'db/ imports nothing from lib/, app/ or components/.' },
            { target: './components', from: './db', message: 'Components go through the API, never the database.' },
            { target: './lib', from: ['./app', './components'], message: 'lib/ does not depend on pages or components.' },
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
