import { pino, type Logger } from 'pino';
import type { Config } from '../config.js';

/** Request logs never carry credentials: cookies and authorization headers are redacted. */
const REDACTED = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({ level: config.logLevel, base: undefined, redact: REDACTED });
}
