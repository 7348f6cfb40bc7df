import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { QUEUE_DEPTH_STATES, type QueueDepth } from './queue-depth';

/** Outbox events not yet turned into jobs. */
export interface OutboxLag {
  pending: number;
  /** Seconds since the oldest pending event was written; 0 when none is pending. */
  oldestPendingSeconds: number;
}

/** One Prometheus registry per process, with the process defaults and the app's own series. */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly jobsProcessed: Counter<'queue' | 'name' | 'outcome'>;
  readonly outboxDispatched: Counter;
  readonly outboxQueueUnavailable: Counter;
  readonly databaseRetries: Counter<'kind' | 'outcome'>;
  /** The request series by method, route and status: labels are resolved once per series. */
  readonly #requestSeries = new Map<string, { observe(seconds: number): void }>();

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [this.registry],
    });
    this.jobsProcessed = new Counter({
      name: 'jobs_processed_total',
      help: 'Background jobs finished, by queue, name and outcome (done, skipped or failed)',
      labelNames: ['queue', 'name', 'outcome'],
      registers: [this.registry],
    });
    this.outboxDispatched = new Counter({
      name: 'outbox_events_dispatched_total',
      help: 'Outbox events turned into jobs',
      registers: [this.registry],
    });
    this.outboxQueueUnavailable = new Counter({
      name: 'outbox_queue_unavailable_total',
      help: 'Outbox relay runs that found the job queue (Redis) unavailable and backed off',
      registers: [this.registry],
    });
    this.databaseRetries = new Counter({
      name: 'database_retries_total',
      help: 'Reads and transactions run again after their connection was lost, by outcome',
      labelNames: ['kind', 'outcome'],
      registers: [this.registry],
    });
  }

  /** Counts one HTTP request in `http_request_duration_seconds`. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.#requestSeries.get(key);
    if (!series) {
      series = this.httpDuration.labels(method, route, String(status));
      this.#requestSeries.set(key, series);
    }
    series.observe(seconds);
  }

  /** `socketio_connected_sockets`, read from the Socket.IO server at each scrape. */
  watchSockets(count: () => number): void {
    new Gauge({
      name: 'socketio_connected_sockets',
      help: 'Authenticated Socket.IO connections to this process',
      registers: [this.registry],
      collect() {
        this.set(count());
      },
    });
  }

  /**
   * `queue_jobs` by queue and state and `queue_oldest_waiting_job_age_seconds` by queue, read at
   * each scrape (one read serves both gauges). A failed read drops the series rather than repeating
   * stale numbers, so the scrape still succeeds and the gap shows.
   */
  watchQueues(read: () => Promise<QueueDepth[]>): void {
    const depths = oneReadPerScrape(read);
    new Gauge({
      name: 'queue_jobs',
      help: 'Jobs in each BullMQ queue by state (waiting, prioritized, waiting-children, active, delayed, failed)',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const depth of (await depths()) ?? []) {
          for (const state of QUEUE_DEPTH_STATES) {
            this.labels(depth.queue, state).set(depth[state]);
          }
        }
      },
    });
    new Gauge({
      name: 'queue_oldest_waiting_job_age_seconds',
      help: 'How long the oldest waiting job of each queue has waited to start (0 when none waits)',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const depth of (await depths()) ?? []) {
          this.labels(depth.queue).set(depth.oldestWaitingSeconds);
        }
      },
    });
  }

  /** `outbox_pending_events` and `outbox_oldest_pending_age_seconds`, read at each scrape. */
  watchOutbox(read: () => Promise<OutboxLag>): void {
    const lag = oneReadPerScrape(read);
    new Gauge({
      name: 'outbox_pending_events',
      help: 'Outbox events written but not yet dispatched as jobs',
      registers: [this.registry],
      async collect() {
        this.reset();
        const current = await lag();
        if (current) {
          this.set(current.pending);
        }
      },
    });
    new Gauge({
      name: 'outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest undispatched outbox event (0 when none is pending)',
      registers: [this.registry],
      async collect() {
        this.reset();
        const current = await lag();
        if (current) {
          this.set(current.oldestPendingSeconds);
        }
      },
    });
  }

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/**
 * The registry collects every gauge of a scrape concurrently: gauges fed by the same source share
 * the read under way instead of each making its own. Resolves undefined when the read fails.
 */
function oneReadPerScrape<T>(read: () => Promise<T>): () => Promise<T | undefined> {
  let inFlight: Promise<T | undefined> | undefined;
  return () => {
    inFlight ??= read()
      .catch(() => undefined)
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}
