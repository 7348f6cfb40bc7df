import { Metrics } from './metrics';

describe('Metrics.observeRequest', () => {
  it('counts every request in its own series of http_request_duration_seconds', async () => {
    const metrics = new Metrics('api');
    for (let call = 0; call < 3; call += 1) {
      metrics.observeRequest('GET', '/health/live', 200, 0.002);
    }
    metrics.observeRequest('GET', '/health/live', 503, 0.3);
    metrics.observeRequest('POST', '/api/posts', 201, 0.02);

    const lines = (await metrics.render()).body.split('\n');
    const value = (series: string, labels: string[]) =>
      lines
        .find((line) => line.startsWith(`${series}{`) && labels.every((label) => line.includes(label)))
        ?.split(' ')
        .at(-1);
    const count = (method: string, route: string, status: number) =>
      value('http_request_duration_seconds_count', [
        `method="${method}"`,
        `route="${route}"`,
        `status="${status}"`,
      ]);
    expect(count('GET', '/health/live', 200)).toBe('3');
    expect(count('GET', '/health/live', 503)).toBe('1');
    expect(count('POST', '/api/posts', 201)).toBe('1');
    expect(
      value('http_request_duration_seconds_bucket', ['le="0.005"', 'route="/health/live"', 'status="200"']),
    ).toBe('3');
    expect(value('http_request_duration_seconds_bucket', ['le="0.25"', 'status="503"'])).toBe('0');
  });
});

/** The value of the one sample of `series` whose labels include all of `labels`. */
async function sample(metrics: Metrics, series: string, labels: string[] = []): Promise<string | undefined> {
  const lines = (await metrics.render()).body.split('\n');
  return lines
    .find(
      (line) =>
        (line.startsWith(`${series}{`) || line.startsWith(`${series} `)) &&
        labels.every((label) => line.includes(label)),
    )
    ?.split(' ')
    .at(-1);
}

describe('Metrics gauges read at scrape time', () => {
  it('reports the sockets connected at each scrape', async () => {
    const metrics = new Metrics('api');
    let connected = 3;
    metrics.watchSockets(() => connected);
    expect(await sample(metrics, 'socketio_connected_sockets')).toBe('3');
    connected = 0;
    expect(await sample(metrics, 'socketio_connected_sockets')).toBe('0');
  });

  it('reports every state of every queue and the oldest wait, from one read per scrape', async () => {
    const metrics = new Metrics('worker');
    let reads = 0;
    metrics.watchQueues(() => {
      reads += 1;
      return Promise.resolve([
        {
          queue: 'mail',
          waiting: 4,
          prioritized: 3,
          'waiting-children': 1,
          active: 2,
          delayed: 1,
          failed: 7,
          oldestWaitingSeconds: 12.5,
        },
        {
          queue: 'media',
          waiting: 0,
          prioritized: 0,
          'waiting-children': 0,
          active: 0,
          delayed: 0,
          failed: 0,
          oldestWaitingSeconds: 0,
        },
      ]);
    });
    const body = (await metrics.render()).body;
    expect(reads).toBe(1);
    expect(body).toContain('queue_jobs{queue="mail",state="waiting",service="worker"} 4');
    expect(body).toContain('queue_jobs{queue="mail",state="prioritized",service="worker"} 3');
    expect(body).toContain('queue_jobs{queue="mail",state="waiting-children",service="worker"} 1');
    expect(body).toContain('queue_jobs{queue="mail",state="active",service="worker"} 2');
    expect(body).toContain('queue_jobs{queue="mail",state="delayed",service="worker"} 1');
    expect(body).toContain('queue_jobs{queue="mail",state="failed",service="worker"} 7');
    expect(body).toContain('queue_jobs{queue="media",state="waiting",service="worker"} 0');
    expect(body).toContain('queue_oldest_waiting_job_age_seconds{queue="mail",service="worker"} 12.5');
    expect(body).toContain('queue_oldest_waiting_job_age_seconds{queue="media",service="worker"} 0');
  });

  it('drops the queue series when a read fails instead of repeating the last numbers', async () => {
    const metrics = new Metrics('worker');
    let fail = false;
    metrics.watchQueues(() =>
      fail
        ? Promise.reject(new Error('redis is down'))
        : Promise.resolve([
            {
              queue: 'mail',
              waiting: 4,
              prioritized: 0,
              'waiting-children': 0,
              active: 0,
              delayed: 0,
              failed: 0,
              oldestWaitingSeconds: 3,
            },
          ]),
    );
    expect(await sample(metrics, 'queue_jobs', ['state="waiting"'])).toBe('4');
    fail = true;
    expect(await sample(metrics, 'queue_jobs', ['state="waiting"'])).toBeUndefined();
    expect(await sample(metrics, 'queue_oldest_waiting_job_age_seconds')).toBeUndefined();
  });

  it('reports the outbox lag from one read per scrape', async () => {
    const metrics = new Metrics('worker');
    let reads = 0;
    metrics.watchOutbox(() => {
      reads += 1;
      return Promise.resolve({ pending: 42, oldestPendingSeconds: 8 });
    });
    expect(await sample(metrics, 'outbox_pending_events')).toBe('42');
    expect(await sample(metrics, 'outbox_oldest_pending_age_seconds')).toBe('8');
    expect(reads).toBe(2);
  });
});
