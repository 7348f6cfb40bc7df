import { allPanels, allQueries, loadDashboard, loadRules } from './observability-files';
import { metricSelectors } from './promql-selectors';

describe('the Grafana dashboard and the Prometheus rules', () => {
  const dashboard = loadDashboard();
  const rules = loadRules();
  const alerts = rules.groups.flatMap((group) => group.rules).filter((rule) => rule.alert !== undefined);

  it('parse, and every panel with data has a query on every target', () => {
    expect(dashboard.uid).toBe('datebook-operations');
    const dataPanels = allPanels(dashboard.panels).filter((panel) => panel.type !== 'row');
    expect(dataPanels.length).toBeGreaterThanOrEqual(10);
    const withoutQuery = dataPanels.filter(
      (panel) => !panel.targets?.length || panel.targets.some((target) => !target.expr?.trim()),
    );
    expect(withoutQuery.map((panel) => panel.title)).toEqual([]);
  });

  it('give every alert a summary, a description, a severity and a `for:`', () => {
    expect(alerts.length).toBeGreaterThanOrEqual(8);
    const incomplete = alerts.filter(
      (rule) =>
        !rule.annotations?.summary?.trim() ||
        !rule.annotations.description?.trim() ||
        !/^\d+[smh]$/.test(rule.for ?? '') ||
        !['warning', 'critical'].includes(rule.labels?.severity ?? ''),
    );
    expect(incomplete.map((rule) => rule.alert)).toEqual([]);
    expect(new Set(alerts.map((rule) => rule.alert)).size).toBe(alerts.length);
  });

  it('cover what the operations issue asks to watch', () => {
    const names = new Set(
      allQueries(dashboard, rules).flatMap((query) => metricSelectors(query.expr).map(({ name }) => name)),
    );
    for (const name of [
      'http_request_duration_seconds_count',
      'http_request_duration_seconds_bucket',
      'socketio_connected_sockets',
      'queue_jobs',
      'queue_oldest_waiting_job_age_seconds',
      'jobs_processed_total',
      'outbox_oldest_pending_age_seconds',
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(names).toContain(name);
    }
  });
});
