// Memory of every process of the soak's stack over the run: resident set size (what the machine
// gives it) and, for the Node processes, the V8 heap in use as their /metrics report it (what a leak
// grows). The first half of a run includes warm-up (JIT, pools, caches filling), so growth over the
// second half is what is flagged. A single heap reading lands anywhere on the garbage collector's
// sawtooth; the heap is judged by its floor (the lowest reading) in the third quarter against the
// fourth, which rises only when what survives collection does.
import { scrape, total } from './soak-metrics.mjs';
import { treeRss } from './soak-stack.mjs';

const MB = 1024 * 1024;

/** Growth that is flagged: both this share and this many bytes. */
const FLAG_SHARE = 0.1;
const FLAG_BYTES = 16 * MB;

const heapUsed = async (url) => total(await scrape(url), 'nodejs_heap_size_used_bytes');

/** One sample: `{ label → { rss, heap } }` for every api, worker and nginx (master and workers). */
export async function sampleMemory(cluster) {
  const sample = {};
  for (const process of [...cluster.apis, ...cluster.workers]) {
    sample[process.label] = { rss: await process.memory(), heap: await heapUsed(process.url) };
  }
  if (cluster.loadBalancer?.pid) {
    sample.nginx = { rss: treeRss(cluster.loadBalancer.pid), heap: null };
  }
  return sample;
}

const mb = (bytes) => (Number.isFinite(bytes) ? (bytes / MB).toFixed(1) : '-');
const delta = (from, to) =>
  Number.isFinite(from) && Number.isFinite(to)
    ? `${to >= from ? '+' : ''}${((to - from) / MB).toFixed(1)}`
    : '-';

function grows(from, to) {
  return (
    Number.isFinite(from) && Number.isFinite(to) && to - from > FLAG_BYTES && to > from * (1 + FLAG_SHARE)
  );
}

/** The sample taken nearest to `at` seconds into the run. */
const nearest = (samples, at) =>
  samples.reduce((best, entry) => (Math.abs(entry.at - at) < Math.abs(best.at - at) ? entry : best));

/** The lowest heap reading of `label` among samples taken in [from, to) of the run (shares of it). */
function floor(samples, label, from, to) {
  const last = samples[samples.length - 1].at;
  const readings = samples
    .filter(({ at }) => at >= from * last && at < to * last + 1e-9)
    .map(({ sample }) => sample[label]?.heap)
    .filter(Number.isFinite);
  return readings.length > 0 ? Math.min(...readings) : Number.NaN;
}

/**
 * The memory table from `samples` ([{ at: seconds, sample }], the first at the start, the last at
 * the end): each process at start, middle and end, RSS and heap in MB, the RSS's growth over the
 * second half and the heap floor's over the last quarter, flagged when large. Returns the labels flagged.
 */
export function printMemory(samples, write) {
  const first = samples[0];
  const last = samples[samples.length - 1];
  const middle = nearest(samples, last.at / 2);
  const header = [
    'process',
    'RSS start',
    'middle',
    'end',
    'Δ 2nd half',
    'heap start',
    'middle',
    'end',
    'floor Δ last ¼',
    '',
  ];
  const flagged = [];
  const rows = Object.keys(first.sample).map((label) => {
    const [a, b, c] = [first.sample[label], middle.sample[label] ?? {}, last.sample[label] ?? {}];
    const [thirdQuarter, fourthQuarter] = [floor(samples, label, 0.5, 0.75), floor(samples, label, 0.75, 1)];
    const notes = [];
    if (grows(b.rss, c.rss)) {
      notes.push('RSS GROWING');
    }
    if (grows(thirdQuarter, fourthQuarter)) {
      notes.push('HEAP GROWING');
    }
    if (notes.length > 0) {
      flagged.push(label);
    }
    return [
      label,
      mb(a.rss),
      mb(b.rss),
      mb(c.rss),
      delta(b.rss, c.rss),
      mb(a.heap),
      mb(b.heap),
      mb(c.heap),
      delta(thirdQuarter, fourthQuarter),
      notes.join(', '),
    ];
  });
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column].length)),
  );
  const format = (row) =>
    row
      .map((cell, column) =>
        column === 0 || column === 9 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
      )
      .join('  ')
      .trimEnd();
  write(
    [
      `Memory (MB; heap = V8 heap used, from /metrics; at ${Math.round(first.at)}s, ${Math.round(middle.at)}s, ${Math.round(last.at)}s)`,
      format(header),
      widths
        .map((width) => '-'.repeat(width))
        .join('  ')
        .trimEnd(),
      ...rows.map(format),
    ].join('\n'),
  );
  return flagged;
}

/** Points of the trend line, spread evenly over the run. */
const TREND_POINTS = 21;

/**
 * A line per process: RSS and heap at `TREND_POINTS` samples spread over the run, for the growth's
 * shape (steady, step, plateau).
 */
export function printTrend(allSamples, write) {
  const last = allSamples[allSamples.length - 1].at;
  const samples = [
    ...new Set(
      Array.from({ length: TREND_POINTS }, (_, k) => nearest(allSamples, (k * last) / (TREND_POINTS - 1))),
    ),
  ];
  const labels = Object.keys(samples[0]?.sample ?? {});
  const series = (label, field) => samples.map(({ sample }) => mb(sample[label]?.[field])).join(' ');
  const lines = labels.flatMap((label) => [
    `  ${label.padEnd(9)} RSS  ${series(label, 'rss')}`,
    ...(samples.some(({ sample }) => Number.isFinite(sample[label]?.heap))
      ? [`  ${''.padEnd(9)} heap ${series(label, 'heap')}`]
      : []),
  ]);
  const times = samples.map(({ at }) => `${Math.round(at)}s`).join(' ');
  write([`Memory trend (MB at ${times})`, ...lines].join('\n'));
}
