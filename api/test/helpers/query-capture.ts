import type { MikroORM } from '@mikro-orm/postgresql';

// The SQL the services really send (MikroORM's onQuery hook, parameters filled in as sent), and
// PostgreSQL's plans of it, for the tests that check how much of a table a read touches.

/**
 * Runs `run` and returns what it returned with the statements sent meanwhile that name one of
 * `tables` (the app's background work, such as the webhook worker, uses the same ORM), in order.
 */
export async function capturingQueries<T>(orm: MikroORM, tables: readonly string[], run: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const platform = orm.em.getPlatform();
  const queries: string[] = [];
  const previous = orm.config.get('onQuery');
  const names = tables.map((table) => `"${table}"`);
  orm.config.set('onQuery', (sql: string, params: readonly unknown[]) => {
    if (names.some((name) => sql.includes(name))) queries.push(platform.formatQuery(sql, params as unknown[]));
    return previous(sql, params);
  });
  try {
    return { result: await run(), queries };
  } finally {
    orm.config.set('onQuery', previous);
  }
}

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** The plan of a statement (EXPLAIN (FORMAT JSON), with ANALYZE when asked: then it runs, so only for reads). */
export async function planOf(orm: MikroORM, sql: string, analyze = false): Promise<PlanNode> {
  const [row] = await orm.em
    .fork()
    .getConnection()
    .execute<{ 'QUERY PLAN': { Plan: PlanNode }[] }[]>(`explain (${analyze ? 'analyze, ' : ''}format json) ${sql}`);
  return row['QUERY PLAN'][0].Plan;
}

/** Every node of a plan, depth first. */
export function planNodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(planNodes)];
}

/** The tables a plan reads with a sequential scan. */
export function seqScannedTables(plan: PlanNode): string[] {
  return planNodes(plan)
    .filter((node) => node['Node Type'] === 'Seq Scan')
    .map((node) => node['Relation Name'] ?? '?');
}

/** Rows the scans of an analysed plan produced in all (index and table scans, every loop). */
export function rowsScanned(plan: PlanNode): number {
  return planNodes(plan)
    .filter((node) => node['Node Type'].endsWith('Scan'))
    .reduce((sum, node) => sum + (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1), 0);
}
