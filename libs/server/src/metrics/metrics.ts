import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** One Prometheus registry per process, with the process defaults and the app's own series. */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly jobsProcessed: Counter<'queue' | 'name' | 'outcome'>;
  readonly outboxDispatched: Counter;
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

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
