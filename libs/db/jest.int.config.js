// Integration tests against the real PostgreSQL (DATABASE_ADMIN_URL, default the local server).
const path = require('node:path');
const { base } = require('../../jest.preset.js');

module.exports = {
  ...base,
  rootDir: __dirname,
  displayName: 'integration',
  testMatch: ['<rootDir>/src/**/*.int-spec.ts'],
  testTimeout: 60000,
  moduleNameMapper: {
    '^@datebook/(\\w+)/testing$': path.join(__dirname, '..', '$1', 'src', 'testing', 'index.ts'),
    ...base.moduleNameMapper,
  },
};
