// One lint setup for the whole repository. Module boundaries are enforced here: browser code and the
// pure libraries never import server code, only the config module reads process.env, and web
// features meet only through their index.ts.
import path from 'node:path';
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

const webSource = path.join(import.meta.dirname, 'apps/web/src');

/** The file under apps/web/src that an import names, as path segments; null for a package. */
function webTarget(importer, specifier) {
  if (specifier.startsWith('@/')) {
    return path.relative(webSource, path.join(webSource, specifier.slice(2))).split(path.sep);
  }
  if (specifier.startsWith('.')) {
    return path.relative(webSource, path.resolve(path.dirname(importer), specifier)).split(path.sep);
  }
  return null;
}

/**
 * A web feature's door is its index.ts (CONVENTIONS 19): from outside features/x, only
 * `@/features/x` may be imported (or mocked), never a file inside it; and ui/ and lib/, which
 * features build on, import no feature at all.
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      deepImport: "Import {{feature}} through its index ('@/features/{{feature}}'), not '{{specifier}}'.",
      layer: "{{layer}}/ holds what features build on: it may not import '{{specifier}}'.",
    },
  },
  create(context) {
    const [layer, feature] = path.relative(webSource, context.filename).split(path.sep);
    const check = (node, specifier) => {
      const target = typeof specifier === 'string' ? webTarget(context.filename, specifier) : null;
      if (target?.[0] !== 'features') {
        return;
      }
      if (layer === 'ui' || layer === 'lib') {
        context.report({ node, messageId: 'layer', data: { layer, specifier } });
      } else if (target.length > 2 && !(layer === 'features' && feature === target[1])) {
        context.report({ node, messageId: 'deepImport', data: { feature: target[1], specifier } });
      }
    };
    const checkSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: checkSource,
      ExportNamedDeclaration: checkSource,
      ExportAllDeclaration: checkSource,
      ImportExpression: (node) => check(node.source, node.source.value),
      // vi.mock('…') names a module like an import does.
      'CallExpression[callee.object.name="vi"][callee.property.name=/^(do)?[mM]ock$/]': (node) =>
        node.arguments[0] && check(node.arguments[0], node.arguments[0].value),
    };
  },
};

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
    files: [
      'libs/server/src/config/**',
      '**/*.int-spec.ts',
      '**/testing/**',
      'apps/e2e/**',
      'apps/operations/src/support/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, web: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'web/feature-boundaries': 'error',
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
    rules: restrict(
      ['@datebook/server', '@nestjs/*'],
      'db holds repositories and migrations: no server adapters.',
    ),
  },
  {
    files: ['apps/api/src/**/*.ts', 'libs/server/src/**/*.ts'],
    ignores: ['**/*.int-spec.ts', '**/testing/**'],
    rules: restrict(['sharp'], 'Image processing is the worker’s (apps/worker/src/media/processing).'),
  },
  {
    files: [
      '**/*.spec.ts',
      '**/*.int-spec.ts',
      '**/*.spec.tsx',
      '**/testing/**',
      'apps/e2e/**',
      'apps/operations/src/support/**',
    ],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
);
