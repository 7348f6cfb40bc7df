// One Jest setup for every Node project. swc transpiles TypeScript (and the ESM-only NestJS 12
// packages, which Jest's CommonJS runtime cannot load as they are); `tsc --noEmit` type-checks.
const path = require('node:path');

const root = __dirname;
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2023',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

// ESM-only packages (possibly nested) that swc must turn into CommonJS for Jest.
const esmPackages = [
  '@nestjs',
  'file-type',
  'load-esm',
  'uid',
  'token-types',
  'strtok3',
  '@tokenizer',
  'content-disposition',
  'cookie',
  'jose',
  'thumbhash',
];

const libs = ['contracts', 'domain', 'db', 'server'];
// The apps share only their test kits (`@datebook/worker/testing` starts a worker beside an api).
const apps = ['api', 'worker'];
const moduleNameMapper = Object.fromEntries([
  ...libs.flatMap((lib) => [
    [`^@datebook/${lib}$`, path.join(root, 'libs', lib, 'src', 'index.ts')],
    [`^@datebook/${lib}/testing$`, path.join(root, 'libs', lib, 'src', 'testing', 'index.ts')],
  ]),
  ...apps.map((app) => [
    `^@datebook/${app}/testing$`,
    path.join(root, 'apps', app, 'src', 'testing', 'index.ts'),
  ]),
]);

const base = {
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  transformIgnorePatterns: [`^(?!.*/node_modules/(?:${esmPackages.join('|')})/).*/node_modules/`],
  moduleNameMapper,
  testEnvironment: 'node',
};

/** Pure unit tests beside the code: `*.spec.ts`. */
function unitProject(dir) {
  return { ...base, rootDir: dir, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] };
}

/** Apps have two tiers: unit (`*.spec.ts`) and integration against real services (`*.int-spec.ts`). */
function appProjects(dir) {
  return {
    testTimeout: 60000,
    projects: [
      unitProject(dir),
      {
        ...base,
        rootDir: dir,
        displayName: 'integration',
        testMatch: ['<rootDir>/src/**/*.int-spec.ts'],
        globalSetup: path.join(root, 'libs/server/src/testing/global-setup.ts'),
        globalTeardown: path.join(root, 'libs/server/src/testing/global-teardown.ts'),
        testTimeout: 60000,
      },
    ],
  };
}

module.exports = { unitProject, appProjects, base };
