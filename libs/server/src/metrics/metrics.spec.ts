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
