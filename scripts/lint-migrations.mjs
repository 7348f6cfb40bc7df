// Lints every migration's SQL with squawk (issue 27). Migrations are TypeScript classes whose `up`
// sends SQL through `queryRunner.query`; each is compiled in memory (swc, as the tests do) and run
// against a recorder, so squawk reads exactly the statements PostgreSQL would, in order. An
// exception lives beside its statement as a `-- squawk-ignore <rule>` comment in the SQL, with its
// reason. Exits non-zero on any violation (`npm test` runs this in its checks).
import { transformFileSync } from '@swc/core';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const migrations = join(root, 'libs', 'db', 'src', 'migrations');
const out = join(root, '.data', 'squawk');
const require = createRequire(join(migrations, 'index.js'));

/** The statements a migration's `up` sends, in order, and whether it runs in a transaction. */
async function statementsOf(file) {
  const { code } = transformFileSync(file, {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  const module = { exports: {} };
  vm.runInThisContext(`(function (exports, require, module) {${code}\n})`, { filename: file })(
    module.exports,
    require,
    module,
  );
  const Migration = Object.values(module.exports).find((value) => typeof value === 'function');
  const migration = new Migration();
  const sent = [];
  await migration.up({ query: async (sql) => void sent.push(sql.trim()) });
  return { sent, inTransaction: migration.transaction !== false };
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const files = readdirSync(migrations).filter((name) => /^\d+-.*\.ts$/.test(name));
/** The SQL files by how they run: most in a transaction, some (`transaction = false`) without. */
const written = { inTransaction: [], alone: [] };
for (const name of files) {
  const { sent, inTransaction } = await statementsOf(join(migrations, name));
  const sql = sent.map((statement) => (statement.endsWith(';') ? statement : `${statement};`)).join('\n\n');
  const path = join(out, name.replace(/\.ts$/, '.sql'));
  writeFileSync(path, `${sql}\n`);
  written[inTransaction ? 'inTransaction' : 'alone'].push(path);
}

const squawk = (paths, transactionFlag) =>
  paths.length === 0
    ? 0
    : (spawnSync(
        join(root, 'node_modules', '.bin', 'squawk'),
        ['--config', join(root, '.squawk.toml'), transactionFlag, ...paths],
        { stdio: 'inherit' },
      ).status ?? 1);
const status = Math.max(
  squawk(written.inTransaction, '--assume-in-transaction'),
  squawk(written.alone, '--no-assume-in-transaction'),
);
if (status === 0) {
  process.stdout.write(
    `squawk: ${files.length} migrations (${written.alone.length} outside a transaction), no violations\n`,
  );
}
process.exit(status);
