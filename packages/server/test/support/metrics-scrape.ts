// Reading a Prometheus text exposition and PromQL expressions in tests: the metric families a scrape
// declares, its samples with their labels, and the metric names an expression (a dashboard's, an
// alert rule's) refers to.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/** Metric family names and their types, from the `# TYPE` lines. */
export function familiesOf(text: string): Map<string, string> {
  const families = new Map<string, string>();
  for (const match of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) families.set(match[1] ?? '', match[2] ?? '');
  return families;
}

/** The series names a query may name: each family, and a histogram's `_bucket`, `_sum` and `_count`. */
export function seriesNamesOf(text: string): Set<string> {
  const names = new Set<string>();
  for (const [name, type] of familiesOf(text)) {
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(name + suffix);
  }
  return names;
}

export function samplesOf(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1] ?? ''] = pair[2] ?? '';
    }
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of a metric's samples whose labels include `labels`. */
export function sampleSum(text: string, name: string, labels: Record<string, string> = {}): number {
  return samplesOf(text)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

const PROMQL_WORDS = new Set([
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

/**
 * The metric names a PromQL expression selects: what is left once strings, label matchers, ranges,
 * grouping clauses, function and aggregation names, keywords, numbers and Grafana variables are
 * taken out. Templated alert text is not PromQL and is not passed here.
 */
export function metricNamesIn(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\{?[a-zA-Z_]+\}?/g, ' ');
  const names: string[] = [];
  for (const match of stripped.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)) {
    const [, name = '', call] = match;
    if (call || PROMQL_WORDS.has(name.toLowerCase())) continue;
    names.push(name);
  }
  return [...new Set(names)];
}

/** `promtool check metrics` on a scrape: its findings (empty: none), or null when promtool is absent. */
export function promtoolCheckMetrics(text: string): string | null {
  if (!existsSync(PROMTOOL)) return null;
  const run = spawnSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`.trim() + (run.status === 0 ? '' : ` (exit ${run.status})`);
}

/** `promtool check rules` on a file: `{ ok, output }`, or null when promtool is absent. */
export function promtoolCheckRules(path: string): { ok: boolean; output: string } | null {
  if (!existsSync(PROMTOOL)) return null;
  const run = spawnSync(PROMTOOL, ['check', 'rules', path], { encoding: 'utf8' });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

/** Debian's prometheus package installs it here (.ci/run installs the package). */
export const PROMTOOL = process.env.PROMTOOL ?? '/usr/bin/promtool';

const DEPLOY = fileURLToPath(new URL('../../../../deploy/', import.meta.url));
/** The Grafana dashboard and the alert rules the repository ships. */
export const DEPLOYED_DASHBOARD = `${DEPLOY}grafana/rtw-server.json`;
export const DEPLOYED_RULES = `${DEPLOY}prometheus/rtw-server-rules.yml`;

/** The PromQL of every dashboard panel's targets and template variables. */
export function dashboardQueries(): string[] {
  const dashboard = JSON.parse(readFileSync(DEPLOYED_DASHBOARD, 'utf8')) as {
    panels: { targets?: { expr: string }[] }[];
    templating: { list: { query?: { query?: string } | string }[] };
  };
  const panelQueries = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((t) => t.expr));
  const variableQueries = dashboard.templating.list.flatMap((v) =>
    typeof v.query === 'object' && v.query.query
      ? [v.query.query.replace(/^label_values\((.*),[^,]*\)$/, '$1')]
      : [],
  );
  return [...panelQueries, ...variableQueries];
}

/** Each rule's `expr`, whether on its line or folded (`>-`) over the lines below it. */
export function ruleQueries(): string[] {
  const lines = readFileSync(DEPLOYED_RULES, 'utf8').split('\n');
  const queries: string[] = [];
  for (const [index, line] of lines.entries()) {
    const match = /^(\s*)expr:\s*(.*)$/.exec(line);
    if (!match) continue;
    const [, indent = '', rest = ''] = match;
    if (rest !== '>-') {
      queries.push(rest);
      continue;
    }
    const body: string[] = [];
    for (const next of lines.slice(index + 1)) {
      if (next.trim() !== '' && next.length - next.trimStart().length <= indent.length) break;
      body.push(next.trim());
    }
    queries.push(body.join(' '));
  }
  return queries;
}
