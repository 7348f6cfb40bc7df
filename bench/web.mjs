// The web budgets of issue 26 (`npm run bench:web`): Lighthouse in its mobile mode (simulated slow
// 4G: 150 ms round trips, 1.6 Mbps; 4× CPU slowdown) on Debian Chromium, against the built api
// serving apps/web/dist as `npm start` does, on every page the issue lists: the gate (a first
// visit), login, Home signed in, an activity page with photos, Explore, search results, the plan
// editor and a shared plan. Each page is measured `--runs` times from a cold HTTP cache (cookies and
// local storage kept, so a signed-in page stays signed in) and gets the median of each figure: FCP,
// LCP, TBT, CLS, the JavaScript transferred and the performance score, with PASS/MISS against the
// budgets, and the accessibility, best-practices and SEO scores beside them.
//
//   node bench/web.mjs [--runs 3] [--pages gate,login,...]
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pg from 'pg';
import puppeteer from 'puppeteer-core';
import sharp from 'sharp';
import { BROWSER_PACKAGES, ensureDebianPackages } from '../scripts/lib/debian-packages.mjs';
import { signUpMember } from './lib/generate-stack.mjs';
import { ensureBuilt, log, startStack, withCleanup } from './lib/stack.mjs';
import { uploadActivityMedia } from './lib/upload.mjs';

const require = createRequire(import.meta.url);
const { PAGE_BUDGET_TEXT, median, pageVerdict } = require('./lib/web-budgets.cjs');
const services = require('../scripts/lib/services.cjs');

export const defaults = { runs: 3 };

const CHROMIUM = process.env.CHROME_PATH ?? BROWSER_PACKAGES[0].probe;
// The e2e's launch flags: a headless Chromium that calls nowhere home.
const { CHROMIUM_FLAGS: CHROME_FLAGS } = require('../scripts/lib/chromium.cjs');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const PHOTO_WAIT_MS = 60_000;

/** What each page needs of the browser: a first visit, a visitor past the gate, or a member. */
const VISITOR = { fresh: 'fresh', granted: 'granted', member: 'member' };

/** The pages of issue 26, each with the state the browser is in and the URL from the seeded data. */
const PAGES = [
  { name: 'gate', label: 'the gate (/, first visit)', as: VISITOR.fresh, path: () => '/' },
  { name: 'login', label: 'login', as: VISITOR.granted, path: () => '/login' },
  { name: 'home', label: 'Home (signed in)', as: VISITOR.member, path: () => '/' },
  {
    name: 'activity',
    label: 'an activity with photos',
    as: VISITOR.member,
    path: (seed) => `/activity/${seed.activityId}`,
  },
  { name: 'explore', label: 'Explore', as: VISITOR.member, path: () => '/explore' },
  {
    name: 'search',
    label: 'search results',
    as: VISITOR.member,
    path: () => '/search',
    // Search restores the last search from local storage and runs it, as when Explore sends a member there.
    storage: (seed) => ({ searchQuery: seed.searchWord }),
  },
  { name: 'plan', label: 'the plan editor', as: VISITOR.member, path: (seed) => `/plan?id=${seed.planId}` },
  {
    name: 'shared-plan',
    label: 'a shared plan',
    as: VISITOR.fresh,
    path: (seed) => `/plan/shared/${seed.username}/${seed.shareToken}`,
  },
];

export async function run(options = {}) {
  const { runs, pages: only } = { ...defaults, ...options };
  const pages = only ? PAGES.filter((page) => only.includes(page.name)) : PAGES;
  return withCleanup(
    async (cleanup) => {
      const stack = await startStack(cleanup, {
        // As `npm start`: the api serves the built web app (decision 6).
        env: { WEB_DIST_DIR: join(services.root, 'apps', 'web', 'dist') },
      });
      const api = await stack.start('api');
      // The worker makes the photos' renditions and indexes the posts for search.
      await stack.start('worker');
      const pool = new pg.Pool({
        connectionString: stack.databaseUrl,
        max: 2,
        application_name: 'bench-web',
      });
      cleanup.add('pg pool', () => pool.end());

      log('seeding a member with an activity of photos, a follow and a shared plan');
      const seed = await seedData(api.url, pool);

      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: [...CHROME_FLAGS] });
      cleanup.add('chromium', () => chrome.kill());
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      cleanup.add('puppeteer', () => browser.disconnect());

      const rows = [];
      for (const page of pages) {
        const results = [];
        for (let attempt = 0; attempt < runs; attempt += 1) {
          const tab = await browser.newPage();
          try {
            await prepare(tab, api.url, page, seed);
            results.push(await measure(tab, `${api.url}${page.path(seed)}`));
          } finally {
            await tab.close();
          }
        }
        const row = summarizeRuns(page.label, results);
        log(`${page.label}: ${row.verdict}`);
        rows.push(row);
      }
      return rows;
    },
    { timeLimitMs: 30 * 60_000 },
  );
}

/**
 * The browser as the page's visitor finds it: cookies and local storage as they would have them,
 * and nothing cached (no HTTP cache, no service worker or its caches), so each run is a first load.
 */
async function prepare(tab, origin, page, seed) {
  const session = await tab.createCDPSession();
  await session.send('Network.clearBrowserCache');
  await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await session.send('Network.clearBrowserCookies');
  await session.detach();
  if (page.as === VISITOR.fresh) {
    return;
  }
  // A page of the site, to reach its storage and cookies; the 404 page is the cheapest one.
  await tab.goto(`${origin}/bench-web-setup`, { waitUntil: 'load' });
  await tab.evaluate(
    (entries) => {
      for (const [key, value] of Object.entries(entries)) {
        localStorage.setItem(key, value);
      }
    },
    // The gate's grant, the way the app stores it (features/gate/access-grant.ts).
    { 'datebook.accessGrant': 'granted', ...page.storage?.(seed) },
  );
  if (page.as === VISITOR.member) {
    // Signing in as the login form does: the api answers with the refresh cookie, and the app keeps
    // the marker that tells a reload to restore the session from it.
    const signedIn = await tab.evaluate(async (member) => {
      const response = await fetch('/api/auth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(member),
        credentials: 'same-origin',
      });
      return response.ok;
    }, seed.credentials);
    if (!signedIn) {
      throw new Error('signing the bench member in from the browser failed');
    }
    await tab.evaluate(() => localStorage.setItem('datebook.signed-in', 'bench'));
  }
  // Nothing the setup page fetched may warm the measured load.
  const again = await tab.createCDPSession();
  await again.send('Network.clearBrowserCache');
  await again.detach();
  await tab.goto('about:blank');
}

/** One Lighthouse run in its default mobile mode, in the prepared tab, its storage kept. */
async function measure(tab, url) {
  const result = await lighthouse(
    url,
    { output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: true },
    undefined,
    tab,
  );
  const { audits, categories, runtimeError } = result.lhr;
  if (runtimeError) {
    throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  }
  const scripts = audits['resource-summary'].details.items.find((item) => item.resourceType === 'script');
  const score = (id) => (categories[id].score === null ? Number.NaN : categories[id].score * 100);
  return {
    fcpMs: audits['first-contentful-paint'].numericValue,
    lcpMs: audits['largest-contentful-paint'].numericValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    jsBytes: scripts?.transferSize ?? 0,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
  };
}

function summarizeRuns(label, results) {
  const figures = Object.fromEntries(
    Object.keys(results[0]).map((key) => [key, median(results.map((result) => result[key]))]),
  );
  return { page: label, runs: results.length, ...figures, verdict: pageVerdict(figures) };
}

/**
 * Through the api, as members would make them: an author with an activity of three photos (the
 * worker's renditions ready), a member who follows the author (so Home has a post) and owns a plan
 * with that activity, prepared and shared by its link.
 */
async function seedData(apiUrl, pool) {
  const author = await signUpMember(apiUrl, pool, 'webauthor');
  const member = await signUpMember(apiUrl, pool, 'webmember');
  const { rows } = await pool.query(
    `SELECT id FROM categories WHERE applies_to IN ('activity', 'both') ORDER BY id LIMIT 1`,
  );
  const searchWord = 'lanterns';
  const uploads = [];
  for (const [index, colour] of [
    [0, { r: 220, g: 120, b: 80 }],
    [1, { r: 60, g: 130, b: 200 }],
    [2, { r: 90, g: 170, b: 90 }],
  ]) {
    uploads.push(
      await uploadActivityMedia(apiUrl, headersOf(author), {
        bytes: await photo(colour),
        contentType: 'image/jpeg',
        fileName: `photo-${index}.jpg`,
      }),
    );
  }
  const activity = await callApi(apiUrl, author, 'POST', '/api/activities', {
    title: `Picnic under paper ${searchWord}`,
    description: `A slow evening in the park: a blanket, a thermos and paper ${searchWord} once it is dark.`,
    categoryId: rows[0].id,
    budget: '$',
    timeRequired: 'Under 4 hours',
    media: uploads.map((uploadId, position) => ({ uploadId, position })),
    requestId: randomUUID(),
  });
  const activityId = String(activity.id);
  await photosReady(apiUrl, author, activityId);
  await callApi(apiUrl, member, 'PUT', `/api/follows/${author.username}`);

  const clientId = 'bench-web';
  const plan = await callApi(apiUrl, member, 'POST', '/api/plans', {
    opId: randomUUID(),
    clientId,
    title: 'Saturday in the park',
    date: '2026-12-31',
    timeZone: 'UTC',
  });
  let version = plan.version;
  for (const op of [
    { type: 'activity.add', ref: randomUUID(), source: { kind: 'linked', activityId } },
    { type: 'activity.add', ref: randomUUID(), source: { kind: 'custom', customDetails: 'Dinner nearby' } },
    { type: 'status.change', to: 'prepared' },
  ]) {
    ({ version } = await callApi(apiUrl, member, 'POST', `/api/plans/${plan.id}/ops`, {
      opId: randomUUID(),
      clientId,
      baseVersion: version,
      op,
    }));
  }
  const { shareToken } = await callApi(apiUrl, member, 'GET', `/api/plans/${plan.id}/share-link`);
  return {
    activityId,
    planId: String(plan.id),
    shareToken,
    username: member.username,
    searchWord,
    credentials: { email: member.email, password: `pw-${member.username}-secret` },
  };
}

/** A 2400×1600 JPEG with some detail, so its renditions weigh what a phone photo's do. */
function photo(background) {
  const stripes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600">${Array.from(
      { length: 40 },
      (_, index) =>
        `<circle cx="${(index * 173) % 2400}" cy="${(index * 311) % 1600}" r="${80 + (index % 7) * 30}" fill="rgba(255,255,255,0.${(index % 5) + 2})"/>`,
    ).join('')}</svg>`,
  );
  return sharp({ create: { width: 2400, height: 1600, channels: 3, background } })
    .composite([{ input: stripes }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function photosReady(apiUrl, member, activityId) {
  const deadline = Date.now() + PHOTO_WAIT_MS;
  for (;;) {
    const post = await callApi(apiUrl, member, 'GET', `/api/activities/${activityId}`);
    if (post.media?.every((item) => item.status === 'ready')) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`the activity's photos were not ready within ${PHOTO_WAIT_MS / 1000}s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const headersOf = (member) => ({
  'content-type': 'application/json',
  authorization: `Bearer ${member.accessToken}`,
});

async function callApi(apiUrl, member, method, path, body) {
  // The api refuses a JSON content type on an empty body.
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: body === undefined ? { authorization: `Bearer ${member.accessToken}` } : headersOf(member),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  }
  return response.status === 204 ? null : response.json();
}

const seconds = (ms) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : '-');
const whole = (value) => (Number.isFinite(value) ? value.toFixed(0) : '-');

/** The table, in bench/README.md's style: one row per page, the figures then the verdict. */
export function printWebTable(rows, title) {
  const header = [
    'page',
    'FCP s',
    'LCP s',
    'TBT ms',
    'CLS',
    'JS kB',
    'perf',
    'a11y',
    'b.p.',
    'SEO',
    'budget',
  ];
  const cells = rows.map((row) => [
    row.page,
    seconds(row.fcpMs),
    seconds(row.lcpMs),
    whole(row.tbtMs),
    Number.isFinite(row.cls) ? row.cls.toFixed(3) : '-',
    (row.jsBytes / 1000).toFixed(1),
    whole(row.performance),
    whole(row.accessibility),
    whole(row.bestPractices),
    whole(row.seo),
    row.verdict,
  ]);
  const widths = header.map((label, column) =>
    Math.max(label.length, ...cells.map((line) => line[column].length)),
  );
  const numeric = (column) => column >= 1 && column <= 9;
  const format = (line) =>
    line
      .map((cell, column) => (numeric(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join('  ')
      .trimEnd();
  const lines = [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(format)];
  process.stdout.write(
    `\n${title}\nBudgets per page: ${PAGE_BUDGET_TEXT}; accessibility, best practices and SEO stay 100.\n${lines.join('\n')}\n\n`,
  );
}

// Other work on the machine skews every figure; the load average says how much there was.
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { runs: { type: 'string' }, pages: { type: 'string' } } });
  ensureBuilt();
  // Debian's Chromium, installed as the e2e's runner does when it is missing; never a downloaded one.
  await ensureDebianPackages(BROWSER_PACKAGES, log);
  log(`${new Date().toISOString()}, ${cpus().length} cores, load average ${load()}`);
  const rows = await run({
    ...(values.runs ? { runs: Number(values.runs) } : {}),
    ...(values.pages ? { pages: values.pages.split(',') } : {}),
  });
  printWebTable(
    rows,
    `Lighthouse, mobile (150 ms RTT, 1.6 Mbps, 4× CPU), median of ${rows[0]?.runs ?? 0} runs (load average after: ${load()})`,
  );
}
