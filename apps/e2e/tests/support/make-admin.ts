import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');

/** Makes a member an admin the only way there is: `npm run make-admin`, on the stack's database. */
export function makeAdmin(username: string): void {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) {
    throw new Error('E2E_DATABASE_URL is not set: run the e2e tier through scripts/test.mjs.');
  }
  execFileSync(process.execPath, ['scripts/make-admin.mjs', username], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: 'pipe',
  });
}
