import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { boundaryConfig } from './scripts/eslint-boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/kiosk/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // A public totem never opens the operating system's file chooser, a classic way out of a kiosk
    // (issue 41): the PDF reader's stamps come from the site's pictures the totem holds. Checked
    // again over the built sources by apps/kiosk/src/lib/navigation-guard/no-file-chooser.test.ts.
    files: ['apps/kiosk/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "JSXOpeningElement[name.name='input'] > JSXAttribute[name.name='type'][value.value=/^file$/i]",
          "AssignmentExpression[left.property.name='type'][right.value=/^file$/i]",
          "CallExpression[callee.property.name='setAttribute'][arguments.0.value='type'][arguments.1.value=/^file$/i]",
          'Identifier[name=/^(showOpenFilePicker|showSaveFilePicker|showDirectoryPicker)$/]',
        ].map((selector) => ({
          selector,
          message:
            'The kiosk never opens a file chooser (a way out of the kiosk, issue 41): offer what the totem holds instead (see lib/media/held-images.ts).',
        })),
      ],
    },
  },
  // The layers (decision 025): see scripts/eslint-boundaries.mjs.
  ...boundaryConfig(import.meta.dirname),
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // CommonJS where a tool loads plugins with require() (scripts/eslint-ts-resolver.cjs).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
