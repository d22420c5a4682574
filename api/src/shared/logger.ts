import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config.js';
import { PREVIEW_ROOT } from './url-paths.js';

/**
 * Request logs never carry credentials: cookies and authorization headers are redacted, and a
 * preview share link's token (a credential in a URL) is replaced in the URL and the Referer.
 */
const REDACTED = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'req.params.token'];
const URLS = ['req.url', 'req.headers.referer'];
const SHARE_TOKEN = new RegExp(`(${PREVIEW_ROOT}/shared/)[^/?#]+`, 'gi');

const censor = (value: unknown, path: string[]): unknown => {
  const key = path[path.length - 1];
  if (key !== 'url' && key !== 'referer') return '[Redacted]';
  return typeof value === 'string' ? value.replace(SHARE_TOKEN, '$1[token]') : value;
};

/** `destination`: where lines go (default: standard output). */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  const options = { level: config.logLevel, base: undefined, redact: { paths: [...REDACTED, ...URLS], censor } };
  return destination ? pino(options, destination) : pino(options);
}
