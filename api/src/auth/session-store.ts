import connectPgSimple from 'connect-pg-simple';
import type { Request, RequestHandler, Response } from 'express';
import session, { type SessionData } from 'express-session';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { persistentSecret } from '../shared/secrets.js';
import { BROWSER_COOKIE, BROWSER_DAYS } from './sessions/known-browsers.js';

// Sessions live in the `sessions` table (connect-pg-simple's layout) with two lifetimes:
// - idle: `expire` is pushed to now + SESSION_IDLE_TIMEOUT_SECONDS on every request (never past
//   the absolute end), so a session unused that long is gone;
// - absolute: SESSION_MAX_LIFETIME_SECONDS after sign-in (`startedAt` in the session), whatever
//   the activity; the cookie itself expires then too.
// A session is loaded only while its user exists, so a deleted user's cookie signs no one in,
// anywhere (every adapter reads the caller from the loaded session); and, while the sign-in policy
// requires a second factor, only when its sign-in completed a second step (switching the policy on
// also deletes the others, but a sign-in in flight at that moment could save one after).

export const SESSION_COOKIE = 'sid';

declare module 'express-session' {
  interface SessionData {
    userId: string;
    /** Sign-in time, ms since the epoch. */
    startedAt: number;
    /** How the sign-in's second step was completed (sign-in/session-grant.ts); null or absent: the password alone. */
    secondFactor?: 'totp' | 'recovery-code' | 'passkey' | 'enrolled' | null;
    /** The browser's User-Agent at sign-in (cut to 512 characters), for "Where you are signed in". */
    userAgent?: string;
    /** The client address at sign-in, coarsened (IPv4 /24, IPv6 /48): never the full address. */
    address?: string;
    /** The last request, ms since the epoch: written by the store's touch (the sessions table keeps connect-pg-simple's columns). */
    lastSeenAt?: number;
  }
}

type Callback<T = void> = (error?: unknown, value?: T) => void;
type Lifetimes = Config['session'];

const PgStore = connectPgSimple(session);

/** connect-pg-simple with the lifetimes above and the user check in the load query. */
class LifetimeSessionStore extends PgStore {
  constructor(
    options: ConstructorParameters<typeof PgStore>[0],
    private readonly lifetimes: Lifetimes,
  ) {
    super(options);
  }

  private run(sql: string, params: unknown[], callback: (error: unknown, row?: Record<string, unknown>) => void) {
    // connect-pg-simple's query(): callback(error, firstRow).
    (this as unknown as { query(q: string, p: unknown[], fn: typeof callback): void }).query(sql, params, callback);
  }

  /** Unix seconds at which the session ends if unused: now + idle, at most sign-in + absolute lifetime. */
  private expireOf(sess: Partial<SessionData>): number {
    const idleEnd = Date.now() + this.lifetimes.idleSeconds * 1000;
    const absoluteEnd = (sess.startedAt ?? Date.now()) + this.lifetimes.maxLifetimeSeconds * 1000;
    return Math.ceil(Math.min(idleEnd, absoluteEnd) / 1000);
  }

  override get(sid: string, callback: Callback<SessionData | null>): void {
    this.run(
      `select s.sess from sessions s
        where s.sid = $1 and s.expire >= now()
          and exists (select 1 from users u where u.id::text = s.sess->>'userId')
          and (s.sess->>'startedAt') ~ '^[0-9]{1,15}$'
          and to_timestamp((s.sess->>'startedAt')::bigint / 1000.0) + make_interval(secs => $2) > now()
          and (coalesce(s.sess->>'secondFactor', '') <> ''
               or not exists (select 1 from auth_policy p where p.require_second_factor))`,
      [sid, this.lifetimes.maxLifetimeSeconds],
      (error, row) => {
        if (error) return callback(error);
        if (!row) return callback(null, null);
        callback(null, (typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess) as SessionData);
      },
    );
  }

  override set(sid: string, sess: SessionData, callback?: Callback): void {
    // A save is a request too: the session was seen now.
    this.run(
      `insert into sessions (sess, expire, sid) select $1, to_timestamp($2), $3
       on conflict (sid) do update set sess = $1, expire = to_timestamp($2)`,
      [{ ...sess, lastSeenAt: Date.now() }, this.expireOf(sess), sid],
      (error) => callback?.(error),
    );
  }

  /**
   * Every request of a loaded, unchanged session: the end moves out and `lastSeenAt` is written
   * into the stored JSON (that key only, so a concurrent save of the session loses nothing). A
   * session ended meanwhile is not brought back: no row, nothing updated.
   */
  override touch(sid: string, sess: SessionData, callback?: Callback): void {
    this.run(
      `update sessions set expire = to_timestamp($1), sess = jsonb_set(sess::jsonb, '{lastSeenAt}', to_jsonb($3::bigint))::json where sid = $2`,
      [this.expireOf(sess), sid, Date.now()],
      (error) => callback?.(error),
    );
  }
}

/** The session middleware and its store (to close at shutdown). */
export function createSessions(config: Config, conString: string, logger: Logger): { middleware: RequestHandler; close(): Promise<void> } {
  const store = new LifetimeSessionStore(
    {
      conString,
      tableName: 'sessions',
      createTableIfMissing: false,
      errorLog: (...args: unknown[]) => logger.error({ args }, 'session store error'),
    },
    config.session,
  );
  const sessionMiddleware = session({
    name: SESSION_COOKIE,
    store,
    secret: config.sessionSecret ?? persistentSecret(config.dataDir, 'sessionSecret'),
    resave: false,
    saveUninitialized: false,
    cookie: {
      ...COOKIE_ATTRIBUTES,
      // 'auto': Secure whenever the request came over TLS (directly or via a trusted proxy).
      secure: config.env === 'production' ? 'auto' : false,
      // The browser drops the cookie at the absolute end; the server enforces both lifetimes itself.
      maxAge: config.session.maxLifetimeSeconds * 1000,
    },
  });
  // The browser cookie a sign-in sets (sessions/known-browsers.ts) is written after the session's.
  const middleware: RequestHandler = (req, res, next) => {
    sendBrowserCookieAfterSession(res);
    sessionMiddleware(req, res, next);
  };
  // close() is async in connect-pg-simple 10 although its types say void.
  return {
    middleware,
    async close() {
      await store.close();
    },
  };
}

const COOKIE_ATTRIBUTES = { path: '/', httpOnly: true, sameSite: 'lax' } as const;

const browserCookies = new WeakMap<Response, { id: string; secure: boolean }>();

/**
 * Sets (or renews) the browser cookie (sessions/known-browsers.ts) on this response: written after
 * the session cookie, so a client that reads the first Set-Cookie finds `sid`.
 */
export function setBrowserCookie(res: Response, id: string, secure: boolean): void {
  browserCookies.set(res, { id, secure });
}

/**
 * Runs before the session middleware: its header hook wraps express-session's, so it runs after
 * the session cookie is set and appends the browser cookie a sign-in asked for.
 */
function sendBrowserCookieAfterSession(res: Response): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    const cookie = browserCookies.get(res);
    if (cookie && !res.headersSent) {
      browserCookies.delete(res);
      res.cookie(BROWSER_COOKIE, cookie.id, { ...COOKIE_ATTRIBUTES, secure: cookie.secure, maxAge: BROWSER_DAYS * 24 * 3600 * 1000 });
    }
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
}

/** Clears the session cookie with the attributes it was set with, so every browser drops it. */
export function clearSessionCookie(req: Request, res: Response, config: Config): void {
  res.clearCookie(SESSION_COOKIE, { ...COOKIE_ATTRIBUTES, secure: config.env === 'production' && req.secure });
}
