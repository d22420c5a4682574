import compression from 'compression';
import connectPgSimple from 'connect-pg-simple';
import express, { type Express } from 'express';
import session from 'express-session';
import { pinoHttp } from 'pino-http';
import type { AppDeps } from './app-deps.js';
import { authRouter, requireSignedIn, SESSION_COOKIE } from './auth/auth.router.js';
import { contentRouter } from './content/content.router.js';
import { mountGraphQL } from './graphql/mount.js';
import { healthRouter } from './ops/health.router.js';
import { jsonErrorHandler } from './rest/error-handler.js';
import { NotFound } from './shared/errors.js';
import { requestEntityManager } from './shared/request-context.js';
import { persistentSecret } from './shared/secrets.js';
import { uploadedFilesRouter, uploadRouter } from './uploads/upload.router.js';
import { mountWeb } from './web/mount.js';
import { seoRouter } from './seo/seo.router.js';

const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The whole HTTP application, without listening. main.ts and the tests build it the same way. */
export async function createApp(deps: AppDeps): Promise<{ app: Express; close(): Promise<void> }> {
  const { orm, config, logger, storage } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(pinoHttp({ logger, quietReqLogger: true, autoLogging: { ignore: (req) => req.url === '/healthz' } }));
  // gzip/brotli for text responses (pages, scripts, JSON); images are already compressed.
  app.use(compression());
  app.use(requestEntityManager(orm));

  const PgStore = connectPgSimple(session);
  const store = new PgStore({
    conString: orm.config.get('clientUrl'),
    tableName: 'sessions',
    createTableIfMissing: false,
    errorLog: (...args: unknown[]) => logger.error({ args }, 'session store error'),
  });
  app.use(
    session({
      name: SESSION_COOKIE,
      store,
      secret: config.sessionSecret ?? persistentSecret(config.dataDir, 'sessionSecret'),
      resave: false,
      saveUninitialized: false,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        // 'auto': Secure whenever the request came over TLS (directly or via a trusted proxy).
        secure: config.env === 'production' ? 'auto' : false,
        maxAge: SESSION_MAX_AGE_MS,
      },
    }),
  );

  const graphql = await mountGraphQL(app, deps);

  const api = express.Router();
  api.use(express.json({ limit: config.jsonBodyLimit }));
  api.use('/admin', requireSignedIn);
  api.use(authRouter());
  api.use(uploadRouter(storage));
  api.use(contentRouter());
  api.use((_req, _res, next) => next(new NotFound()));
  app.use('/api', api);
  app.use('/uploads', uploadedFilesRouter(storage));
  app.use(healthRouter(orm));

  app.use(seoRouter(config));
  await mountWeb(app, deps);

  // Whatever no router claimed (a non-GET to a page path, a path under /uploads that names no file).
  app.use((_req, _res, next) => next(new NotFound()));
  app.use(jsonErrorHandler(logger));

  return {
    app,
    async close() {
      await graphql.stop();
      await store.close();
    },
  };
}
