import { metricSelectors } from './promql-selectors';

describe('metricSelectors', () => {
  it('finds the metrics of a histogram quantile, not its functions, groupings or numbers', () => {
    expect(
      metricSelectors(
        'histogram_quantile(0.99, sum by (le, route) (rate(http_request_duration_seconds_bucket{service="api",route!~"/health/.*|/metrics"}[5m])))',
      ),
    ).toEqual([{ name: 'http_request_duration_seconds_bucket', labels: ['service', 'route'] }]);
  });

  it('finds both sides of a binary operation, bare names, offsets and absent()', () => {
    expect(
      metricSelectors(
        'sum(socketio_connected_sockets) == 0 and sum(socketio_connected_sockets{service="api"} offset 15m) > 20',
      ),
    ).toEqual([
      { name: 'socketio_connected_sockets', labels: [] },
      { name: 'socketio_connected_sockets', labels: ['service'] },
    ]);
    expect(metricSelectors('absent(up{job="datebook-api"} == 1)')).toEqual([{ name: 'up', labels: ['job'] }]);
  });

  it('ignores words inside matcher values and vector-matching lists', () => {
    expect(
      metricSelectors(
        'sum by (queue) (rate(a_total{outcome="failed and done"}[15m])) / ignoring (outcome) group_left (name) b_total',
      ),
    ).toEqual([
      { name: 'a_total', labels: ['outcome'] },
      { name: 'b_total', labels: [] },
    ]);
  });

  it('refuses a selector without a metric name rather than miss it', () => {
    expect(() => metricSelectors('sum({__name__="x"})')).toThrow('without a metric name');
  });
});
