import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LevelWithSilent } from 'pino';

/**
 * pino-http's level for a finished request. A 503 is an outage already summarised once a
 * second by database-health.ts, a 507 a full disk summarised by storage-health.ts; pino-http
 * would log each one as an error with a made-up stack.
 */
export function requestLogLevel(_req: IncomingMessage, res: ServerResponse): LevelWithSilent {
  return res.statusCode === 503 || res.statusCode === 507 ? 'silent' : 'info';
}
