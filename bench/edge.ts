import { startCountingProxy } from '../e2e/harness/counting-proxy.js';
import { freePort } from '../e2e/harness/free-port.js';
import { startVarnish } from '../e2e/harness/varnish.js';
import { BROWSER_HEADERS, CONNECTIONS, ROUNDS, SECONDS } from './bare-twin.js';
import { load, type LoadResult } from './load.js';
import { ADMIN, startBenchServer } from './server.js';

// The "through Varnish" rows of `npm run bench`: the built server with demo content and the edge on
// (EDGE_CACHE, EDGE_PURGER=varnish) behind a real Varnish with the project's VCL (as the e2e edge
// test starts it), the origin reached through a counting pass-through. Each row alternates the
// origin asked directly and Varnish, ROUNDS times each, and counts what Varnish asked of the origin
// (and how many of those were renders) during its runs.

export const EDGE_ROW = 'through Varnish';

const PATHS = ['/', '/news', '/api/countries'];

export interface EdgeRow {
  name: string;
  direct: number;
  directP99: number;
  varnish: number;
  varnishP99: number;
  /** Requests the origin was asked during the Varnish runs (health probes aside), and its renders among them. */
  originRequests: number;
  renders: number;
  varnishRequests: number;
  errors: number;
  /** Saves made during the Varnish runs (the editor row). */
  saves?: number;
}

const mean = (runs: LoadResult[]) => runs.reduce((sum, r) => sum + r.perSecond, 0) / runs.length;

export async function throughVarnish(): Promise<EdgeRow[]> {
  const varnishPort = await freePort();
  const server = await startBenchServer({
    env: { EDGE_CACHE: 'true', EDGE_PURGER: 'varnish', EDGE_PURGE_URL: `http://127.0.0.1:${varnishPort}/`, EDGE_PURGE_RETRY_BASE_MS: '200' },
  });
  const proxy = await startCountingProxy(Number(new URL(server.baseUrl).port));
  const varnish = await startVarnish({ originPort: proxy.port, port: varnishPort, storage: '256m' }).catch(async (error: unknown) => {
    await proxy.close();
    await server.stop();
    throw error;
  });
  try {
    const login = await fetch(`${server.baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0];
    const { id, ...landing } = (await (await fetch(`${server.baseUrl}/api/landing-content`)).json()) as Record<string, unknown>;
    const rows: EdgeRow[] = [];
    for (const [name, paths, editing] of [
      ['/ (SSR)', ['/'], false],
      ['/news (SSR)', ['/news'], false],
      ['/api/countries', ['/api/countries'], false],
      [`${PATHS.join(', ')} in turn while an editor saves once a second`, PATHS, true],
    ] as const) {
      const options = { headers: BROWSER_HEADERS, connections: CONNECTIONS, seconds: SECONDS, paths: [...paths] };
      await load({ ...options, url: varnish.baseUrl, seconds: 3 }); // warm-up (and the pages into Varnish)
      await load({ ...options, url: server.baseUrl, seconds: 3 });
      const direct: LoadResult[] = [];
      const through: LoadResult[] = [];
      let saves = 0;
      let originRequests = 0;
      let renders = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        // The editor saves about once a second through both runs of the round (one save at a time:
        // two at once would conflict); the origin's requests are counted during Varnish's run.
        let counting = false;
        let keepSaving = editing;
        const editor = (async () => {
          while (keepSaving) {
            await new Promise((resolve) => setTimeout(resolve, 1000));
            if (!keepSaving) break;
            const response = await fetch(`${server.baseUrl}/api/admin/landing-content/${id}`, {
              method: 'PUT',
              headers: { 'content-type': 'application/json', cookie },
              body: JSON.stringify({ ...landing, heroTagline: `Saved at ${Date.now()}` }),
            });
            await response.text();
            if (response.ok && counting) saves += 1;
          }
        })();
        try {
          direct.push(await load({ ...options, url: server.baseUrl }));
          proxy.reset();
          counting = true;
          through.push(await load({ ...options, url: varnish.baseUrl }));
          counting = false;
        } finally {
          keepSaving = false;
        }
        await editor;
        const asked = proxy.requests();
        originRequests += asked.length;
        renders += asked.filter((r) => r.render === 'miss').length;
      }
      rows.push({
        name,
        direct: mean(direct),
        directP99: Math.max(...direct.map((r) => r.p99)),
        varnish: mean(through),
        varnishP99: Math.max(...through.map((r) => r.p99)),
        originRequests,
        renders,
        varnishRequests: through.reduce((sum, r) => sum + r.requests, 0),
        errors: through.reduce((sum, r) => sum + r.errors, 0),
        ...(editing && { saves }),
      });
    }
    return rows;
  } finally {
    await varnish.dispose();
    await proxy.close();
    await server.stop();
  }
}

export function edgeTable(rows: EdgeRow[]): string[] {
  return [
    '| path | origin asked directly req/s | through Varnish req/s | direct p99 | Varnish p99 | requests Varnish answered | origin requests during them | renders among those | errors |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${Math.round(r.direct)} | ${Math.round(r.varnish)} | ${r.directP99} ms | ${r.varnishP99} ms | ${r.varnishRequests} | ${r.originRequests} | ${r.renders} | ${r.errors} |`,
    ),
  ];
}
