import { CompiledQuery, type Kysely, type LogEvent } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { documentedRoutes, fetchOpenApi, type DocumentedRoute } from './openApi';
import type { JsonSchema } from './arbitraries';

/**
 * Query plans checked at a realistic size: every read query a service's GET routes run
 * is recorded as the service runs it (Kysely's query log, so the shapes come from the same code,
 * never copied), then EXPLAINed; a plan fails when it reads a large table sequentially or when its
 * estimated cost leaves its bound. The plan suites (`*.plans.ts`, jest.plans.config.cjs) build
 * one database per service, fill its large tables, and call these.
 */

/** A read query as a request ran it: its text and parameters, and the requests that ran it. */
export interface RecordedQuery {
  sql: string;
  parameters: readonly unknown[];
  requests: string[];
}

/** Kysely's `log` for createTestDatabase: records the SELECTs run while a request is being made. */
export class QueryRecorder {
  private current: string | null = null;
  /** By SQL text: the same shape with other parameters plans the same way (the first is kept). */
  readonly queries = new Map<string, RecordedQuery>();

  readonly log = (event: LogEvent): void => {
    if (this.current === null || event.level !== 'query') return;
    const text = event.query.sql;
    if (!/^\s*(\(\s*)?(select|with)\b/i.test(text)) return;
    const known = this.queries.get(text);
    if (known) {
      if (known.requests.length < 5 && !known.requests.includes(this.current)) known.requests.push(this.current);
      return;
    }
    this.queries.set(text, { sql: text, parameters: event.query.parameters, requests: [this.current] });
  };

  async during<T>(label: string, work: () => Promise<T>): Promise<T> {
    this.current = label;
    try {
      return await work();
    } finally {
      this.current = null;
    }
  }
}

/**
 * Sample values for query parameters: by `<route> <name>` (e.g. '/change-requests target'), else
 * by name (`sort` and enums are taken from the route).
 */
export type ParameterSamples = Record<string, string>;

/** A CSV export takes its list's samples (its route is the list's with /export.csv). */
const sampleFor = (samples: ParameterSamples, url: string, name: string): string | undefined =>
  samples[`${url.replace(/\/export\.csv$/, '')} ${name}`] ?? samples[name];

/**
 * The requests that exercise every GET route's query shapes: the route with its required
 * parameters, then each sort in both orders, each value of each enum parameter, each other
 * parameter alone with its sample, and the deepest page (a suite checks with unsampledParameters
 * that every parameter has a sample). Path parameters come from `pathValues` by name.
 */
export function listRequests(
  routes: readonly DocumentedRoute[],
  options: { sorts: (url: string) => readonly string[]; samples: ParameterSamples; pathValues: Record<string, string> },
): string[] {
  const requests: string[] = [];
  for (const route of routes) {
    if (route.method !== 'GET') continue;
    const path = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(options.pathValues[name] ?? '1'));
    const properties = (route.query?.properties ?? {}) as Record<string, JsonSchema & { enum?: unknown[] }>;
    const required = Object.fromEntries(
      ((route.query?.required ?? []) as string[]).map((name) => [name, sampleFor(options.samples, route.url, name) ?? '']),
    );
    const with_ = (params: Record<string, string>) => {
      const search = new URLSearchParams({ ...required, ...params }).toString();
      return search ? `${path}?${search}` : path;
    };
    requests.push(with_({}));
    if ('sort' in properties) {
      for (const sort of options.sorts(route.url)) for (const order of ['asc', 'desc']) requests.push(with_({ sort, order }));
    }
    for (const [name, schema] of Object.entries(properties)) {
      if (PAGING.includes(name) || name in required) continue;
      if (Array.isArray(schema.enum)) {
        for (const value of schema.enum) requests.push(with_({ [name]: String(value) }));
      } else {
        const sample = sampleFor(options.samples, route.url, name);
        if (sample !== undefined) requests.push(with_({ [name]: sample }));
      }
    }
    // The deepest page a list allows (page × pageSize within the capped total).
    if ('page' in properties && 'pageSize' in properties) requests.push(with_({ page: '50', pageSize: '200' }));
  }
  return [...new Set(requests)];
}

const PAGING = ['sort', 'order', 'page', 'pageSize'];

/** Query parameters of GET routes that have neither an enum nor a sample: a suite asserts this is empty. */
export function unsampledParameters(routes: readonly DocumentedRoute[], samples: ParameterSamples): string[] {
  const missing = new Set<string>();
  for (const route of routes) {
    if (route.method !== 'GET') continue;
    for (const [name, schema] of Object.entries((route.query?.properties ?? {}) as Record<string, { enum?: unknown[] }>)) {
      if (PAGING.includes(name) || Array.isArray(schema.enum) || sampleFor(samples, route.url, name) !== undefined) continue;
      missing.add(`${route.url} ${name}`);
    }
  }
  return [...missing];
}

/**
 * Runs one GET through `app.inject` while `recorder` records its queries. A CSV export is read as a
 * stream and stopped after its first chunk: its first batch's query is the shape every batch runs,
 * and streaming a whole 200,000-row table would cost the suite minutes for nothing more.
 */
export async function recordRequest(
  recorder: QueryRecorder,
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  return recorder.during(url, async () => {
    if (!url.split('?')[0]!.endsWith('.csv')) {
      const response = await app.inject({ method: 'GET', url, headers });
      return { status: response.statusCode, body: response.body, ms: performance.now() - started };
    }
    const response = await app.inject({ method: 'GET', url, headers, payloadAsStream: true });
    const stream = response.stream();
    const first = await new Promise<string>((resolve) => {
      stream.once('data', (chunk: Buffer) => resolve(String(chunk)));
      stream.once('end', () => resolve(''));
      stream.once('error', () => resolve(''));
    });
    stream.destroy();
    return { status: response.statusCode, body: first, ms: performance.now() - started };
  });
}

/** A service's GET routes, from its own OpenAPI document (the operator's and the document's own left out). */
export async function readRoutes(app: FastifyInstance, skip: readonly string[] = []): Promise<DocumentedRoute[]> {
  const ignored = new Set(['/openapi.json', '/metrics', '/ready', '/health', ...skip]);
  return documentedRoutes(await fetchOpenApi(app)).filter((route) => route.method === 'GET' && !ignored.has(route.url));
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Schema?: string;
  'Total Cost': number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

export interface PlanRules {
  /**
   * A table of at least this many rows (pg_class.reltuples after ANALYZE) is large, and no scan of
   * one may read this many of its rows (the rows it returned and those its filter dropped).
   */
  largeTableRows: number;
  /** The estimated total cost no plan may exceed, unless `bounds` gives its query another. */
  costBound: number;
  /**
   * Other bounds, each with its reason: the first whose `match` is in the query's text applies
   * (`readRows`: the rows a scan of a large table may read instead of largeTableRows).
   */
  bounds?: readonly { match: string; cost?: number; readRows?: number; why: string }[];
}

export interface PlanFinding {
  query: RecordedQuery;
  cost: number;
  problems: string[];
  plan: string;
}

const SCANS = new Set(['Seq Scan', 'Index Scan', 'Index Only Scan', 'Bitmap Heap Scan']);

/**
 * Runs every recorded query under EXPLAIN ANALYZE and returns those whose plans break the rules,
 * with their text plans. Executed, not only estimated: a LIMIT over an index walked in list order
 * with a filter that keeps almost nothing (the old history query) is cheap by the
 * planner's estimate and reads the whole table; the rows each scan really read tell.
 */
export async function checkPlans(
  db: Kysely<any>,
  queries: Iterable<RecordedQuery>,
  rules: PlanRules,
): Promise<{ checked: number; findings: PlanFinding[]; costs: number[] }> {
  const sizes = new Map<string, number>();
  const rowsOf = async (schema: string | undefined, table: string) => {
    const key = `${schema ?? ''}.${table}`;
    if (!sizes.has(key)) {
      const { rows } = await db.executeQuery<{ n: number }>(
        CompiledQuery.raw(
          `select greatest(c.reltuples, 0)::float8 as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where c.relname = $1 and n.nspname = coalesce($2::text, current_schema()) limit 1`,
          [table, schema ?? null],
        ),
      );
      sizes.set(key, Number(rows[0]?.n ?? 0));
    }
    return sizes.get(key)!;
  };
  const findings: PlanFinding[] = [];
  const costs: number[] = [];
  let checked = 0;
  for (const query of queries) {
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`explain (analyze, format json, verbose) ${query.sql}`, [...query.parameters]),
    );
    const raw = rows[0]!['QUERY PLAN'];
    const plan = ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[])[0]!.Plan;
    checked++;
    costs.push(plan['Total Cost']);
    const problems: string[] = [];
    const bound = rules.bounds?.find((b) => query.sql.includes(b.match));
    const readLimit = bound?.readRows ?? rules.largeTableRows;
    for (const node of walk(plan)) {
      if (!SCANS.has(node['Node Type']) || !node['Relation Name']) continue;
      const rowsInTable = await rowsOf(node.Schema, node['Relation Name']);
      if (rowsInTable < rules.largeTableRows) continue;
      const read =
        ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
        (node['Actual Loops'] ?? 1);
      if (read >= readLimit) {
        const how = node['Index Name'] ? `${node['Node Type']} using ${node['Index Name']}` : node['Node Type'];
        problems.push(
          `${how} read ${Math.round(read).toLocaleString('en-US')} of the ${Math.round(rowsInTable).toLocaleString('en-US')} rows of ${node['Relation Name']}`,
        );
      }
    }
    const limit = bound?.cost ?? rules.costBound;
    if (plan['Total Cost'] > limit) problems.push(`estimated cost ${plan['Total Cost'].toFixed(0)} > bound ${limit}`);
    if (problems.length) {
      const text = await db.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain (analyze) ${query.sql}`, [...query.parameters]),
      );
      findings.push({ query, cost: plan['Total Cost'], problems, plan: text.rows.map((r) => r['QUERY PLAN']).join('\n') });
    }
  }
  return { checked, findings, costs };
}

function* walk(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* walk(child);
}

/** What a failing suite prints: each query's requests, text and plan. */
export function describeFindings(findings: readonly PlanFinding[]): string {
  return findings
    .map(
      (f) =>
        `${f.problems.join('; ')}\n  requests: ${f.query.requests.join(', ')}\n  query: ${f.query.sql.replace(/\s+/g, ' ')}\n  plan:\n    ${f.plan.split('\n').join('\n    ')}`,
    )
    .join('\n\n');
}

/**
 * The sorts of a list route, from the contract's resources (defineResource: path and sorts), so the
 * suites sort every list by every key the contract allows. Pass the contract's module namespace.
 */
export function resourceSorts(contract: Record<string, unknown>): (url: string) => readonly string[] {
  const byPath = new Map<string, readonly string[]>();
  for (const value of Object.values(contract)) {
    const resource = value as { path?: unknown; sorts?: unknown } | null;
    if (resource && typeof resource === 'object' && typeof resource.path === 'string' && Array.isArray(resource.sorts)) {
      byPath.set(resource.path, resource.sorts as string[]);
    }
  }
  return (url) => byPath.get(url.replace(/\/export\.csv$/, '')) ?? [];
}

/** Rows in each large table of a plan suite's database (PLAN_SIZE to change it). */
export const PLAN_SIZE = Number(process.env.PLAN_SIZE ?? 200_000);

/**
 * The rules both suites hold their plans to: no scan reads 50,000 rows of a table that large (a
 * page and a capped count read at most about 10,000), and no query's estimated cost passes 20,000
 * (a page through its index costs a few hundred, a parallel capped count up to about 10,000).
 */
export const PLAN_RULES: PlanRules = {
  largeTableRows: 50_000,
  costBound: Number(process.env.PLAN_COST_BOUND ?? 20_000),
  bounds: [
    {
      // db/paging.ts keysetBatches: each batch goes on from the last one's keys, so a filter that
      // keeps few rows reads far along the sort index for one batch, but all the batches together
      // read it once. The cost bound still holds each batch (a batch that sorts every match again
      // is caught there).
      match: '"__keyset_0"',
      readRows: Infinity,
      why: "a CSV export's batches read the sort index once between them",
    },
    {
      // points-api pointsLottery/tickets.ts: the cancel dialog says exactly how many tickets,
      // players and debited points it gives back; one round's tickets with their debits (and any
      // reversal of them), read once per open. Cost grows with the round's tickets (to be
      // kept on the round if rounds of 100,000 tickets become usual).
      match: 'count(*) filter (where d.entry_id is null)',
      readRows: Infinity,
      cost: Infinity,
      why: "a round's exact ticket, player and refund figures, for its cancel confirmation",
    },
    // points-api economy/figures.ts: the reconciliation sums the whole ledger and every account by
    // design (index-only scans of migration 0035's indexes); bench/economy.ts times each figure at
    // 1,000,000 entries. The opening circulation of a report sums the ledger before its first day.
    ...[
      'select coalesce(sum(amount), 0) as total from points.ledger_entries',
      'select coalesce(sum(balance), 0) as total from points.accounts',
      'sum(amount) as total from points.ledger_entries group by player_id',
    ].map((match) => ({ match, readRows: Infinity, cost: Infinity, why: 'a whole-ledger figure of the economy reconciliation' })),
  ],
};

export interface PlanRun {
  /** Requests that answered 400 (a wrong sample: the route's queries never ran) or 5xx. */
  failed: string[];
  checked: number;
  findings: PlanFinding[];
  /** What the suite prints: counts, the highest cost, where the time went, the slowest requests and every finding's plan. */
  report: string;
}

/**
 * A plan suite's body: makes each request (recording its queries), then checks every query
 * recorded (checkPlans). `label` names the service in the report; `readySeconds` is how long the
 * suite took to build its database.
 */
export async function runPlanChecks(options: {
  label: string;
  app: FastifyInstance;
  db: Kysely<any>;
  recorder: QueryRecorder;
  requests: readonly string[];
  headers: Record<string, string>;
  readySeconds: number;
}): Promise<PlanRun> {
  const { label, app, db, recorder, requests, headers } = options;
  const requested = performance.now();
  const failed: string[] = [];
  const timings: [string, number][] = [];
  for (const url of requests) {
    const response = await recordRequest(recorder, app, url, headers);
    timings.push([url, response.ms]);
    if (response.status >= 500 || response.status === 400) failed.push(`${url}: ${response.status} ${response.body.slice(0, 200)}`);
  }
  const explained = performance.now();
  const { checked, findings, costs } = await checkPlans(db, recorder.queries.values(), PLAN_RULES);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const slowest = timings.sort((a, b) => b[1] - a[1]).slice(0, 5);
  const report =
    `[plans] ${label}: ${requests.length} requests, ${checked} distinct read queries EXPLAINed; highest cost ${Math.max(0, ...costs).toFixed(0)}; ` +
    `database ready ${options.readySeconds.toFixed(1)} s, requests ${seconds(explained - requested)}, EXPLAIN ${seconds(performance.now() - explained)}; ` +
    `slowest requests: ${slowest.map(([url, ms]) => `${url} ${ms.toFixed(0)} ms`).join(', ')}` +
    (findings.length ? `\n\n${describeFindings(findings)}` : '');
  return { failed, checked, findings, report };
}
