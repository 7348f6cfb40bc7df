import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const OBSERVABILITY_DIR = join(__dirname, '..', '..', '..', '..', 'infra', 'observability');

export interface DashboardPanel {
  type: string;
  title: string;
  targets?: Array<{ expr?: string; refId?: string }>;
  panels?: DashboardPanel[];
}

export interface Dashboard {
  title: string;
  uid: string;
  panels: DashboardPanel[];
}

export interface AlertRule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export interface RulesFile {
  groups: Array<{ name: string; rules: AlertRule[] }>;
}

/** One PromQL expression and where it is written, for failure messages. */
export interface Query {
  where: string;
  expr: string;
}

export function loadDashboard(): Dashboard {
  return JSON.parse(readFileSync(join(OBSERVABILITY_DIR, 'grafana-dashboard.json'), 'utf8')) as Dashboard;
}

export function loadRules(): RulesFile {
  return parse(readFileSync(join(OBSERVABILITY_DIR, 'prometheus-rules.yml'), 'utf8')) as RulesFile;
}

/** Every panel, rows' nested panels included. */
export function allPanels(panels: DashboardPanel[]): DashboardPanel[] {
  return panels.flatMap((panel) => [panel, ...allPanels(panel.panels ?? [])]);
}

/** Every expression of the dashboard's panels and of the rules. */
export function allQueries(dashboard: Dashboard, rules: RulesFile): Query[] {
  const panelQueries = allPanels(dashboard.panels).flatMap((panel) =>
    (panel.targets ?? []).map((target) => ({
      where: `panel "${panel.title}" ${target.refId ?? ''}`.trim(),
      expr: target.expr ?? '',
    })),
  );
  const ruleQueries = rules.groups.flatMap((group) =>
    group.rules.map((rule) => ({ where: `rule ${rule.alert ?? rule.record ?? '?'}`, expr: rule.expr })),
  );
  return [...panelQueries, ...ruleQueries];
}
