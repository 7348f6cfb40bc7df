/** The series a /metrics page holds: each sample name with the label names seen on it. */
export function exposedSeries(body: string): Map<string, Set<string>> {
  const series = new Map<string, Set<string>>();
  for (const line of body.split('\n')) {
    const match = /^([A-Za-z_:][\w:]*)(\{.*\})?\s/.exec(line);
    if (!match) {
      continue;
    }
    const labels = series.get(match[1]!) ?? new Set<string>();
    for (const [, label] of (match[2] ?? '').matchAll(/([A-Za-z_]\w*)="(?:[^"\\]|\\.)*"/g)) {
      labels.add(label!);
    }
    series.set(match[1]!, labels);
  }
  return series;
}
