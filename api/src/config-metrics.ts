import { integer, nonEmpty, type Env } from './config-values.js';

// The metrics' settings (METRICS_*) for config.ts, which reads the environment and hands it here.

/**
 * Prometheus metrics (ops/metrics.ts): `port` a listener of their own at `host` (null: none);
 * `token` /metrics on the main port for `Authorization: Bearer <token>` (null: 404 there).
 * Neither set: nothing is collected.
 */
export interface MetricsConfig {
  port: number | null;
  host: string;
  token: string | null;
}

/** Fewest characters of METRICS_TOKEN (a bearer token anyone on the network may try). */
const METRICS_TOKEN_MIN_LENGTH = 16;

/** METRICS_PORT (unset: no listener of its own), METRICS_HOST (127.0.0.1), METRICS_TOKEN (unset: 404 on the main port). */
export function metricsSettings(env: Env): MetricsConfig {
  const port = nonEmpty(env.METRICS_PORT) === undefined ? null : integer(env, 'METRICS_PORT', 0);
  if (port !== null && port > 65535) throw new Error(`METRICS_PORT must be a port number (1..65535), got "${env.METRICS_PORT}"`);
  const token = nonEmpty(env.METRICS_TOKEN) ?? null;
  if (token !== null && (token.length < METRICS_TOKEN_MIN_LENGTH || /\s/.test(token))) {
    throw new Error(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters without spaces (e.g. openssl rand -hex 32)`);
  }
  return { port, host: nonEmpty(env.METRICS_HOST) ?? '127.0.0.1', token };
}
