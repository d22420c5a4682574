import path from 'node:path';
import { boolean, httpUrl, integer, nonEmpty, origin, origins, positive, timeZone, type Env } from './config-values.js';
import { enquirySettings, type EnquiryConfig } from './config-enquiry.js';
import { edgeSettings, type EdgeConfig } from './config-edge.js';
import { metricsSettings, type MetricsConfig } from './config-metrics.js';
import { smtp, type SmtpConfig } from './config-mail.js';

export type { EnquiryConfig } from './config-enquiry.js';
export type { EdgeConfig, EdgePurgerConfig } from './config-edge.js';
export type { SmtpConfig } from './config-mail.js';

// The only module that reads process.env (through the readers in config-values.ts). Everything
// else receives a Config.

export type Environment = 'development' | 'production' | 'test';

export interface Config {
  env: Environment;
  /** HTTP port; 0 picks a free one (tests). */
  port: number;
  /** Embedded PostgreSQL data, uploaded files and generated secrets live here. */
  dataDir: string;
  /** External PostgreSQL; null starts an embedded one in `dataDir/pg`. */
  databaseUrl: string | null;
  /** First admin account, created on first start when no user exists. */
  adminUsername: string;
  /** null: a random password is generated and printed once. */
  adminPassword: string | null;
  /** Cookie signing secret; null: generated once and kept in `dataDir`. */
  sessionSecret: string | null;
  /** Express `trust proxy` setting: false, true, a hop count, or a list of addresses/subnets. */
  trustProxy: boolean | number | string;
  logLevel: string;
  /** Largest accepted JSON body on /api. */
  jsonBodyLimit: string;
  /** GraphQL introspection and the Apollo Sandbox in production (always on in development). */
  graphqlIntrospection: boolean;
  /**
   * The site's public origin (https://example.com) for canonical and OpenGraph URLs, sitemap.xml
   * and robots.txt; required to serve in production (loadServerConfig). null: http://localhost:<port>.
   */
  publicUrl: string | null;
  /** Where uploaded images live: `disk` (DATA_DIR/uploads) or an S3-compatible bucket. */
  storage: StorageConfig;
  /** Login attempts allowed before 429 (auth/rate-limit.ts). */
  loginLimits: LoginLimits;
  /** Session lifetimes in seconds: ended after `idleSeconds` without a request, and `maxLifetimeSeconds` after sign-in. */
  session: { idleSeconds: number; maxLifetimeSeconds: number };
  /** Origins besides the site's own allowed to send state-changing requests (http/cross-site.ts). */
  trustedOrigins: string[];
  /** Most bytes the public read cache holds (pages, REST and GraphQL answers, all encodings). */
  publicCacheMaxBytes: number;
  /** Origins whose browser apps may read the public API (CORS on public GETs and GraphQL queries; never credentials). */
  corsOrigins: string[];
  /** Cache-Control of anonymous public API reads, for a CDN: max-age and stale-while-revalidate in seconds. */
  publicApiCache: { maxAgeSeconds: number; staleWhileRevalidateSeconds: number };
  /** Webhooks may target private, loopback and link-local addresses (tests, an intranet receiver). */
  webhookAllowPrivateTargets: boolean;
  /** First retry delay of a failed webhook delivery; each further retry doubles it (capped at 1 h). */
  webhookRetryBaseMs: number;
  /** How often the webhook worker looks for due deliveries. */
  webhookPollMs: number;
  /**
   * After SIGTERM, how long keep-alive connections that are idle stay open to answer a request
   * already on its way (with `Connection: close`) before they are closed (ops/http-drain.ts).
   */
  shutdownDrainWindowMs: number;
  /** Prometheus metrics: a port of their own and/or a token for the main port (config-metrics.ts). */
  metrics: MetricsConfig;
  /** Activity log entries older than this many days are removed by the scheduler's daily retention job (1..3650). */
  activityRetentionDays: number;
  /** How often each instance's scheduler looks for due jobs (jobs/scheduler.ts). */
  schedulerPollMs: number;
  /** The public enquiry form's limits and spam protection (enquiries/intake.service.ts). */
  enquiry: EnquiryConfig;
  /** The firm's time zone (an IANA name): the admin shows and takes scheduled times in it; they are stored in UTC. */
  timeZone: string;
  /** Where enquiries are mailed (mail/); null (no SMTP_HOST): enquiries are not mailed. */
  smtp: SmtpConfig | null;
  /** First retry delay of a mail the SMTP server did not take; each further retry doubles it (capped at 1 h). */
  mailRetryBaseMs: number;
  /** How often the mail worker looks for due mail. */
  mailPollMs: number;
  /** A CDN or Varnish in front: cache tags on public responses, their Cache-Control, purges on publish (edge/). */
  edge: EdgeConfig;
}

export interface LoginLimits {
  /** Attempts per username in the window. */
  perUsername: number;
  /** Attempts per client IP in the window. */
  perIp: number;
  windowSeconds: number;
  /** Attempts per client IP per 24 hours. */
  perIpPerDay: number;
  /** Second-step code attempts (authenticator or recovery codes) per account in the window. */
  codesPerAccount: number;
}

export type StorageConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** S3-compatible endpoint (MinIO, R2, ...); null: AWS S3 itself. */
      endpoint: string | null;
      /** Both or neither; null: the AWS SDK's default credential chain (instance role, ...). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
      forcePathStyle: boolean;
      /** Images are served from here (bucket website or CDN): /uploads/<name> redirects to `<publicAssetUrl>/<name>`. */
      publicAssetUrl: string | null;
    };

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  return {
    env: nodeEnv,
    port: integer(env, 'PORT', 3000),
    // Relative to where `npm start` was typed (npm runs the api script inside api/).
    dataDir: path.resolve(nonEmpty(env.INIT_CWD) ?? process.cwd(), nonEmpty(env.DATA_DIR) ?? 'data'),
    databaseUrl: nonEmpty(env.DATABASE_URL) ?? null,
    adminUsername: nonEmpty(env.ADMIN_USERNAME) ?? 'admin',
    adminPassword: nonEmpty(env.ADMIN_PASSWORD) ?? null,
    sessionSecret: nonEmpty(env.SESSION_SECRET) ?? null,
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    jsonBodyLimit: nonEmpty(env.JSON_BODY_LIMIT) ?? '1mb',
    graphqlIntrospection: boolean(env, 'GRAPHQL_INTROSPECTION', false),
    publicUrl: origin(env, 'PUBLIC_URL'),
    storage: storage(env),
    loginLimits: {
      perUsername: positive(env, 'LOGIN_MAX_PER_USERNAME', 5),
      perIp: positive(env, 'LOGIN_MAX_PER_IP', 20),
      windowSeconds: positive(env, 'LOGIN_WINDOW_SECONDS', 15 * 60),
      perIpPerDay: positive(env, 'LOGIN_MAX_PER_IP_PER_DAY', 100),
      codesPerAccount: positive(env, 'LOGIN_MAX_CODE_ATTEMPTS', 5),
    },
    session: {
      idleSeconds: positive(env, 'SESSION_IDLE_TIMEOUT_SECONDS', 8 * 60 * 60),
      maxLifetimeSeconds: positive(env, 'SESSION_MAX_LIFETIME_SECONDS', 7 * 24 * 60 * 60),
    },
    trustedOrigins: origins(env, 'TRUSTED_ORIGINS'),
    publicCacheMaxBytes: Math.max(1, integer(env, 'PUBLIC_CACHE_MB', 64)) * 1024 * 1024,
    corsOrigins: origins(env, 'CORS_ORIGINS'),
    publicApiCache: {
      maxAgeSeconds: integer(env, 'PUBLIC_API_MAX_AGE', 10),
      staleWhileRevalidateSeconds: integer(env, 'PUBLIC_API_STALE_WHILE_REVALIDATE', 60),
    },
    webhookAllowPrivateTargets: boolean(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', false),
    webhookRetryBaseMs: integer(env, 'WEBHOOK_RETRY_BASE_MS', 10_000),
    webhookPollMs: integer(env, 'WEBHOOK_POLL_MS', 500),
    shutdownDrainWindowMs: integer(env, 'SHUTDOWN_DRAIN_WINDOW_MS', 1500),
    metrics: metricsSettings(env),
    activityRetentionDays: activityRetentionDays(env),
    schedulerPollMs: positive(env, 'SCHEDULER_POLL_MS', 500),
    enquiry: enquirySettings(env),
    timeZone: timeZone(env, 'TIME_ZONE', 'UTC'),
    smtp: smtp(env),
    mailRetryBaseMs: integer(env, 'MAIL_RETRY_BASE_MS', 30_000),
    mailPollMs: positive(env, 'MAIL_POLL_MS', 1000),
    edge: edgeSettings(env),
  };
}

/**
 * The server's settings: loadConfig, and what serving needs besides. In production PUBLIC_URL is
 * required: pages, sitemap.xml and robots.txt carry absolute URLs, and the only other source of an
 * origin would be the request's Host header, which any client can forge. (The command-line tools
 * use loadConfig: they build no URLs.)
 */
export function loadServerConfig(env: Env = process.env): Config {
  const config = loadConfig(env);
  if (config.env === 'production' && config.publicUrl === null) {
    throw new Error(
      'PUBLIC_URL is required when NODE_ENV=production: set it to the site\'s public origin (e.g. PUBLIC_URL=https://www.example.com). ' +
        'Canonical and OpenGraph URLs, sitemap.xml and robots.txt are built from it, never from the request\'s Host header.',
    );
  }
  return config;
}

/** A warning for the start-up log when production pages will name this machine (a loopback PUBLIC_URL), else null. */
export function publicUrlWarning(config: Pick<Config, 'env' | 'publicUrl'>): string | null {
  if (config.env !== 'production' || config.publicUrl === null) return null;
  const host = new URL(config.publicUrl).hostname;
  const loopback = host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  return loopback
    ? `PUBLIC_URL is ${config.publicUrl}: canonical and OpenGraph URLs, sitemap.xml and robots.txt point at this machine. Set PUBLIC_URL to the site's public origin (e.g. https://www.example.com).`
    : null;
}

/** A path typed on the command line, relative to where it was typed (npm runs scripts inside api/). */
export function invocationPath(file: string, env: Env = process.env): string {
  return path.resolve(nonEmpty(env.INIT_CWD) ?? process.cwd(), file);
}

function storage(env: Env): StorageConfig {
  const kind = nonEmpty(env.STORAGE)?.toLowerCase() ?? 'disk';
  if (kind === 'disk') {
    // A CDN in front of the server pulls /uploads from it; redirecting there would loop.
    if (nonEmpty(env.PUBLIC_ASSET_URL)) throw new Error('PUBLIC_ASSET_URL needs STORAGE=s3');
    return { kind: 'disk' };
  }
  if (kind !== 's3') throw new Error(`STORAGE must be disk or s3, got "${env.STORAGE}"`);
  const bucket = nonEmpty(env.S3_BUCKET);
  if (!bucket) throw new Error('STORAGE=s3 needs S3_BUCKET');
  const accessKeyId = nonEmpty(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = nonEmpty(env.S3_SECRET_ACCESS_KEY);
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
  }
  const endpoint = httpUrl(env, 'S3_ENDPOINT');
  const publicAssetUrl = httpUrl(env, 'PUBLIC_ASSET_URL');
  return {
    kind: 's3',
    bucket,
    region: nonEmpty(env.S3_REGION) ?? 'us-east-1',
    endpoint: endpoint && endpoint.replace(/\/+$/, ''),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: boolean(env, 'S3_FORCE_PATH_STYLE', false),
    publicAssetUrl: publicAssetUrl && publicAssetUrl.replace(/\/+$/, ''),
  };
}

/** ACTIVITY_RETENTION_DAYS: 365 unless given; 1 day to 10 years. */
function activityRetentionDays(env: Env): number {
  const days = positive(env, 'ACTIVITY_RETENTION_DAYS', 365);
  if (days > 3650) throw new Error(`ACTIVITY_RETENTION_DAYS must be at most 3650 (ten years), got "${env.ACTIVITY_RETENTION_DAYS}"`);
  return days;
}

function trustProxy(raw: string | undefined): Config['trustProxy'] {
  const value = nonEmpty(raw);
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
