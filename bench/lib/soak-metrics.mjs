// Reading the processes' own Prometheus /metrics during the soak: how the load spread over the
// replicas (requests per api, sockets per api, jobs per worker) and the V8 heap each one uses.

/** The text of `url`/metrics, or '' when the process does not answer. */
export async function scrape(url) {
  try {
    const response = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(5_000) });
    return response.ok ? await response.text() : '';
  } catch {
    return '';
  }
}

/** Every sample of metric `name`: `{ labels, value }`. */
export function samples(text, name) {
  const found = [];
  const pattern = new RegExp(`^${name}(?:\\{([^}]*)\\})? (\\S+)$`, 'gm');
  for (const [, labelText = '', value] of text.matchAll(pattern)) {
    const labels = Object.fromEntries(
      [...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, label]) => [key, label]),
    );
    found.push({ labels, value: Number(value) });
  }
  return found;
}

/** The sum of metric `name` over the samples whose labels `where` accepts; null when none. */
export function total(text, name, where = () => true) {
  const matching = samples(text, name).filter((sample) => where(sample.labels));
  return matching.length > 0 ? matching.reduce((sum, sample) => sum + sample.value, 0) : null;
}

/**
 * One line per process of how the work spread: requests and open sockets per api, jobs done,
 * skipped and failed per worker by queue.
 */
export async function spreadLines(cluster) {
  const lines = [];
  for (const api of cluster.apis) {
    const text = await scrape(api.url);
    lines.push(
      `  ${api.label}: ${total(text, 'http_request_duration_seconds_count') ?? '-'} requests, ` +
        `${total(text, 'socketio_connected_sockets') ?? '-'} sockets open`,
    );
  }
  for (const worker of cluster.workers) {
    const jobs = samples(await scrape(worker.url), 'jobs_processed_total');
    const byQueue = new Map();
    for (const { labels, value } of jobs) {
      const counts = byQueue.get(labels.queue) ?? {};
      counts[labels.outcome] = (counts[labels.outcome] ?? 0) + value;
      byQueue.set(labels.queue, counts);
    }
    const parts = [...byQueue].map(
      ([queue, counts]) =>
        `${queue} ${Object.entries(counts)
          .map(([outcome, count]) => `${count} ${outcome}`)
          .join('/')}`,
    );
    lines.push(`  ${worker.label}: jobs ${parts.length > 0 ? parts.join(', ') : 'none'}`);
  }
  return lines;
}
