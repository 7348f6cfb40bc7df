// `npm run size`: the JavaScript a first visit to each page of the web app transfers (the shell that
// index.html loads, plus the page's chunk and its static imports), compressed as the servers send it,
// next to the budgets of ARCHITECTURE.md section 10 and issue 26 (the shell, Home's first visit),
// with PASS/MISS. Builds the web app first when its build is missing or older than its sources.
// Budgets are printed, never enforced: the exit code is 0.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { lazyPages, readJson, staticClosure, transferred } from './lib/web-bundle.mjs';

const { SIZE_BUDGETS, sizeVerdict } = createRequire(import.meta.url)('../bench/lib/web-budgets.cjs');

const root = join(import.meta.dirname, '..');
const webDir = join(root, 'apps/web');
const distDir = join(webDir, 'dist');
const manifestPath = join(distDir, '.vite/manifest.json');

/** Compressed kB (gzip, as the architecture states them; brotli is smaller still). */
const BUDGETS = { shell: SIZE_BUDGETS.shellKb, home: SIZE_BUDGETS.homeFirstVisitKb, initial: 300 };
/** Home, the feed at `/`. */
const FEED_PAGE = 'src/features/feed/home-page.tsx';

/** Everything the web build reads; a change to any of it makes the last build stale. */
const BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/vite-plugins',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'libs/contracts/src',
  'libs/domain/src',
  // The app's version comes from here.
  'package.json',
];

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    return stat.mtimeMs;
  }
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
}

function ensureWebBuild() {
  const inputs = BUILD_INPUTS.map((input) => join(root, input)).filter(existsSync);
  if (existsSync(manifestPath) && statSync(manifestPath).mtimeMs >= Math.max(...inputs.map(newestChange))) {
    return;
  }
  process.stdout.write('[size] the web build is missing or stale: building apps/web\n');
  const node = existsSync(join(root, 'node_modules/.bin/node'))
    ? join(root, 'node_modules/.bin/node')
    : process.execPath;
  execFileSync(node, [join(root, 'node_modules/.bin/vite'), 'build', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: 'inherit',
  });
}

const kB = (bytes) => (bytes / 1000).toFixed(1);

const check = (label, budget, total) => `${label} ≤ ${budget} kB: ${sizeVerdict(total.gzip, budget)}`;

function verdicts(isFeed, total) {
  const lines = isFeed ? [check('Home first visit', BUDGETS.home, total)] : [];
  return [...lines, check('initial', BUDGETS.initial, total)].join('; ');
}

function printTable(rows) {
  const header = ['first visit to', 'files', 'raw kB', 'gzip kB', 'brotli kB', 'budget (gzip)'];
  const numeric = new Set([1, 2, 3, 4]);
  const widths = header.map((label, column) =>
    Math.max(label.length, ...rows.map((row) => row[column].length)),
  );
  const format = (row) =>
    row
      .map((cell, column) =>
        numeric.has(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  process.stdout.write(`${[format(header), rule, ...rows.map(format)].join('\n')}\n`);
}

ensureWebBuild();
const manifest = readJson(manifestPath);
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const shell = staticClosure(manifest, entryKey);
const row = (label, files, budget) => {
  const total = transferred(distDir, files);
  return [label, String(total.files), kB(total.raw), kB(total.gzip), kB(total.brotli), budget(total)];
};

const pages = lazyPages(manifest);
const rows = [
  row(`(shell: ${entryKey})`, shell, (total) => check('shell', BUDGETS.shell, total)),
  ...pages.map(({ key, source, label }) => {
    const isFeed = source === FEED_PAGE;
    const files = staticClosure(manifest, key, new Set(shell));
    return row(isFeed ? `${label} (/)` : label, files, (total) => verdicts(isFeed, total));
  }),
];

process.stdout.write(
  '\nJavaScript a first visit to each page transfers: the shell plus the page and its static imports.\n' +
    'gzip is what nginx sends, brotli what the api sends (kB = 1000 bytes). Lazily loaded parts (dialogs,\n' +
    'the live socket) come later and are not counted.\n\n',
);
printTable(rows);
if (!pages.some(({ source }) => source === FEED_PAGE)) {
  process.stdout.write(`\n[size] the feed page ${FEED_PAGE} is not in the build: no feed route figure\n`);
}
process.stdout.write('\n');
