// One lint setup for the whole repository. Module boundaries are enforced here: browser code and the
// pure libraries never import server code, and only the config module reads process.env.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const serverOnly = [
  '@datebook/db',
  '@datebook/server',
  '@nestjs/*',
  'typeorm',
  'pg',
  'ioredis',
  'bullmq',
  'node:*',
];
const restrict = (names, message) => ({
  'no-restricted-imports': ['error', { patterns: names.map((group) => ({ group: [group], message })) }],
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.nx/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/*.d.cts',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { eqeqeq: ['error', 'always'], curly: ['error', 'all'] },
  },
  {
    files: ['**/*.cjs', '**/jest.config.js', '**/jest.*.config.js', 'jest.preset.js'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/unbound-method': 'off',
      eqeqeq: ['error', 'always'],
      curly: ['error', 'all'],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read settings through the parsed config (libs/server/src/config), never process.env.',
        },
      ],
    },
  },
  {
    files: ['libs/server/src/config/**', '**/*.int-spec.ts', '**/testing/**', 'apps/e2e/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(serverOnly, 'The web app runs in the browser: it may import only contracts and domain.'),
    },
  },
  {
    files: ['libs/contracts/**/*.ts'],
    rules: restrict([...serverOnly, '@datebook/domain'], 'contracts holds schemas and texts only.'),
  },
  {
    files: ['libs/domain/**/*.ts'],
    rules: restrict(serverOnly, 'domain holds pure rules shared with the browser.'),
  },
  {
    files: ['libs/db/**/*.ts'],
    rules: restrict(['@datebook/server', '@nestjs/*'], 'db holds entities and migrations only.'),
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.spec.tsx', '**/testing/**', 'apps/e2e/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
);
