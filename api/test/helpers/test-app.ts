import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import http, { type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Express } from 'express';
import { pino, type Logger } from 'pino';
import type { AppDeps } from '../../src/app-deps.js';
import { createApp } from '../../src/app.js';
import type { AppMetrics } from '../../src/ops/metrics.js';
import { checkingResponses, responseFindings } from './openapi-responses.js';
import { loadConfig, type Config } from '../../src/config.js';
import { migrate, openOrm } from '../../src/db/orm.js';
import { seedFirstAdmin, seedFirstStartContent } from '../../src/db/seeds/first-start.js';
import { storageFor } from '../../src/uploads/storage-from-config.js';
import { databaseUrl, testServerUrl } from './test-database.js';

export const TEST_ADMIN = { username: 'admin', password: 'correct horse battery staple' } as const;

export interface TestApp {
  baseUrl: string;
  /** The Express application (e.g. to read its router stack). */
  app: Express;
  orm: MikroORM;
  deps: AppDeps;
  /** The app's Prometheus metrics (ops/metrics.ts). */
  metrics: AppMetrics;
  /** Logs in through POST /api/login and returns the Cookie header value to send. */
  login(username?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** Creates an empty database on the test server (migrations not applied). */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = testServerUrl();
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  return {
    url: databaseUrl(serverUrl, name),
    drop: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

export interface TestAppOptions {
  /** The app's logger (default: silent, or TEST_LOG_LEVEL). */
  logger?: Logger;
  /** The URL the app connects with, given the test database's (e.g. through a TCP proxy). */
  connectThrough?(databaseUrl: string): string;
  /** The built web app the pages come from (default web/dist, when built). */
  webDist?: string;
}

/**
 * The real app on a fresh database (migrated, first-start content, admin TEST_ADMIN) and a
 * temporary DATA_DIR, listening on a free port. One per test file (beforeAll/afterAll).
 */
export async function startTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-data-'));
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    databaseUrl: database.url,
    adminUsername: TEST_ADMIN.username,
    adminPassword: TEST_ADMIN.password,
    sessionSecret: 'test-session-secret',
    port: 0,
    ...overrides,
  };
  const logger = options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const orm = await openOrm(options.connectThrough?.(database.url) ?? database.url, logger);
  await migrate(orm);
  await seedFirstStartContent(orm.em.fork(), { timeZone: config.timeZone });
  await seedFirstAdmin(orm.em.fork(), config, logger);

  const deps: AppDeps = { orm, config, logger, storage: await storageFor(config) };
  const { app, metrics, close: closeApp } = await createApp(deps, { webDist: options.webDist });
  // Every REST answer is checked against the OpenAPI document (findings fail the file at close).
  const responses = checkingResponses(app);
  const server: Server = await new Promise((resolve) => {
    const listening = http.createServer(responses.listener).listen(0, '127.0.0.1', () => resolve(listening));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    app,
    orm,
    deps,
    metrics,
    async login(username = TEST_ADMIN.username, password = TEST_ADMIN.password) {
      const response = await fetch(`${baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      // The whole body: express-session finishes writing the session before it ends the response.
      const body = await response.text();
      if (response.status !== 200) throw new Error(`login failed: ${response.status} ${body}`);
      return sessionCookie(response);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeApp();
      await deps.storage.close?.();
      await orm.close(true);
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      const findings = await responseFindings(responses);
      if (findings.length > 0) throw new Error(`REST answers that do not match the OpenAPI document:\n${findings.join('\n')}`);
    },
  };
}

/** The `name=value` part of the session cookie a response sets. */
export function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!cookie) throw new Error('no session cookie in the response');
  return cookie.split(';')[0];
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const orm = await openOrm(serverUrl, pino({ level: 'silent' }));
  try {
    await orm.em.getConnection().execute(sql);
  } finally {
    await orm.close(true);
  }
}
