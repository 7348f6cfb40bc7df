/** A metric a PromQL expression reads, with the label names its matchers test. */
export interface MetricSelector {
  name: string;
  labels: string[];
}

const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'offset',
  'bool',
  'and',
  'or',
  'unless',
  'inf',
  'nan',
]);

/** Label lists of grouping and vector matching: they name labels, never metrics. */
const LABEL_LISTS = /\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g;
/** A name not inside a number or a duration (`15m`, `0.99`, `1e3`), and what follows it. */
const NAME = /(?<![\w.:])([A-Za-z_:][\w:]*)\s*(\{[^}]*\})?(\s*\()?/g;
const MATCHER_LABEL = /([A-Za-z_]\w*)\s*(?:=~|!~|!=|=)/g;

/**
 * Every metric an expression selects, found with a tokenizer rather than a full PromQL parser: it
 * strips string literals (outside matchers), range and subquery brackets and label lists, then
 * keeps the names that are not functions, aggregations or keywords. Enough for the expressions a
 * dashboard and rules file hold; a name it misses would make the metric-name check pass wrongly,
 * which its unit test guards against.
 */
export function metricSelectors(expr: string): MetricSelector[] {
  const withoutRanges = expr.replace(/\[[^\]]*\]/g, '');
  const withoutLists = withoutRanges.replace(LABEL_LISTS, '');
  const selectors: MetricSelector[] = [];
  for (const match of withoutLists.matchAll(NAME)) {
    const [, name, matchers, call] = match;
    if (!name || call || KEYWORDS.has(name.toLowerCase())) {
      continue;
    }
    selectors.push({ name, labels: matcherLabels(matchers ?? '') });
  }
  // A bare matcher set (`{__name__="x"}`) is not used here; refuse it rather than miss a name.
  if (/(^|[^\w}\s])\s*\{/.test(withoutLists.replace(/"[^"]*"/g, '""'))) {
    throw new Error(`A selector without a metric name in: ${expr}`);
  }
  return selectors;
}

function matcherLabels(matchers: string): string[] {
  const withoutValues = matchers.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  return [...withoutValues.matchAll(MATCHER_LABEL)].map(([, label]) => label!);
}
