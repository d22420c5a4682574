import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { loadConfig, loadServerConfig, publicUrlWarning } from '../../src/config.js';

describe('configuration', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', port: 3000, adminUsername: 'admin', adminPassword: null });
    expect(config.graphqlIntrospection).toBe(false);
    expect(config.publicUrl).toBeNull();
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads GRAPHQL_INTROSPECTION as a boolean and refuses anything else', () => {
    expect(loadConfig({ GRAPHQL_INTROSPECTION: 'true' }).graphqlIntrospection).toBe(true);
    expect(loadConfig({ GRAPHQL_INTROSPECTION: 'false' }).graphqlIntrospection).toBe(false);
    expect(() => loadConfig({ GRAPHQL_INTROSPECTION: 'yes please' })).toThrow('GRAPHQL_INTROSPECTION must be true or false');
  });

  it('keeps only the origin of PUBLIC_URL and refuses a non-http URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://www.example.com/some/path' }).publicUrl).toBe('https://www.example.com');
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://example.com' })).toThrow('PUBLIC_URL must be an http(s) URL');
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow('PUBLIC_URL must be an absolute http(s) URL');
    expect(loadConfig({ TRUSTED_ORIGINS: 'https://a.example/some/path' }).trustedOrigins).toEqual(['https://a.example']);
  });

  it('sizes the public read cache in MB from PUBLIC_CACHE_MB (default 64, at least 1)', () => {
    expect(loadConfig({}).publicCacheMaxBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ PUBLIC_CACHE_MB: '16' }).publicCacheMaxBytes).toBe(16 * 1024 * 1024);
    expect(loadConfig({ PUBLIC_CACHE_MB: '0' }).publicCacheMaxBytes).toBe(1024 * 1024);
    expect(() => loadConfig({ PUBLIC_CACHE_MB: 'lots' })).toThrow('PUBLIC_CACHE_MB must be a whole number');
  });

  it('refuses a PORT that is not a whole number', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be a whole number');
  });

  it('stores images on disk unless STORAGE=s3, which needs a bucket', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
    expect(loadConfig({ STORAGE: 'disk' }).storage).toEqual({ kind: 'disk' });
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow('STORAGE must be disk or s3');
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow('STORAGE=s3 needs S3_BUCKET');
  });

  it('reads the S3 settings', () => {
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'site-images' }).storage).toEqual({
      kind: 's3',
      bucket: 'site-images',
      region: 'us-east-1',
      endpoint: null,
      credentials: null,
      forcePathStyle: false,
      publicAssetUrl: null,
    });
    expect(
      loadConfig({
        STORAGE: 'S3',
        S3_BUCKET: 'images',
        S3_REGION: 'eu-central-1',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        PUBLIC_ASSET_URL: 'https://cdn.example.com/images/',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'images',
      region: 'eu-central-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      publicAssetUrl: 'https://cdn.example.com/images',
    });
  });

  it('refuses half the S3 credentials, bad URLs, and PUBLIC_ASSET_URL without S3', () => {
    const s3 = { STORAGE: 's3', S3_BUCKET: 'images' };
    expect(() => loadConfig({ ...s3, S3_ACCESS_KEY_ID: 'key' })).toThrow('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT must be an http(s) URL');
    expect(() => loadConfig({ ...s3, PUBLIC_ASSET_URL: 'https://cdn.example.com/images?v=1' })).toThrow('PUBLIC_ASSET_URL must not have a query or fragment');
    expect(() => loadConfig({ ...s3, PUBLIC_ASSET_URL: 'https://cdn.example.com/?v=1' })).toThrow('PUBLIC_ASSET_URL must not have a query');
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow('S3_FORCE_PATH_STYLE must be true or false');
    expect(() => loadConfig({ PUBLIC_ASSET_URL: 'https://cdn.example.com' })).toThrow('PUBLIC_ASSET_URL needs STORAGE=s3');
  });

  it('reads the webhook settings: private targets refused, 10 s retry base and 500 ms polling by default', () => {
    expect(loadConfig({})).toMatchObject({ webhookAllowPrivateTargets: false, webhookRetryBaseMs: 10_000, webhookPollMs: 500 });
    expect(
      loadConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_BASE_MS: '250', WEBHOOK_POLL_MS: '100' }),
    ).toMatchObject({ webhookAllowPrivateTargets: true, webhookRetryBaseMs: 250, webhookPollMs: 100 });
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'sometimes' })).toThrow('WEBHOOK_ALLOW_PRIVATE_TARGETS must be true or false');
    expect(() => loadConfig({ WEBHOOK_RETRY_BASE_MS: '1s' })).toThrow('WEBHOOK_RETRY_BASE_MS must be a whole number');
  });

  it('keeps idle keep-alive connections open 1.5 s after SIGTERM by default; SHUTDOWN_DRAIN_WINDOW_MS=0 closes them at once', () => {
    expect(loadConfig({}).shutdownDrainWindowMs).toBe(1500);
    expect(loadConfig({ SHUTDOWN_DRAIN_WINDOW_MS: '0' }).shutdownDrainWindowMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_WINDOW_MS: '250' }).shutdownDrainWindowMs).toBe(250);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_WINDOW_MS: '1.5s' })).toThrow('SHUTDOWN_DRAIN_WINDOW_MS must be a whole number');
  });

  it('polls for scheduled jobs every 500 ms by default (SCHEDULER_POLL_MS, at least 1)', () => {
    expect(loadConfig({}).schedulerPollMs).toBe(500);
    expect(loadConfig({ SCHEDULER_POLL_MS: '100' }).schedulerPollMs).toBe(100);
    expect(() => loadConfig({ SCHEDULER_POLL_MS: '0' })).toThrow('SCHEDULER_POLL_MS must be at least 1');
    expect(() => loadConfig({ SCHEDULER_POLL_MS: 'soon' })).toThrow('SCHEDULER_POLL_MS must be a whole number');
  });

  it("reads the firm's TIME_ZONE as an IANA name (UTC by default) and refuses an unknown one at start", () => {
    expect(loadConfig({}).timeZone).toBe('UTC');
    expect(loadConfig({ TIME_ZONE: 'Europe/Berlin' }).timeZone).toBe('Europe/Berlin');
    expect(loadConfig({ TIME_ZONE: ' America/New_York ' }).timeZone).toBe('America/New_York');
    expect(() => loadConfig({ TIME_ZONE: 'Mars/Olympus_Mons' })).toThrow('TIME_ZONE must be an IANA time zone name (e.g. Europe/Berlin), got "Mars/Olympus_Mons"');
    expect(() => loadConfig({ TIME_ZONE: 'CET; drop table' })).toThrow('TIME_ZONE must be an IANA time zone name');
  });
});

describe('security settings', () => {
  it('defaults to 5 per username and 20 per IP in 15 minutes, 100 per IP a day, 8 h idle, 7 days absolute, no extra origins', () => {
    const config = loadConfig({});
    expect(config.loginLimits).toEqual({ perUsername: 5, perIp: 20, windowSeconds: 900, perIpPerDay: 100, codesPerAccount: 5 });
    expect(config.session).toEqual({ idleSeconds: 8 * 3600, maxLifetimeSeconds: 7 * 24 * 3600 });
    expect(config.trustedOrigins).toEqual([]);
  });

  it('reads the login limits and session lifetimes, refusing zero and non-numbers', () => {
    const config = loadConfig({
      LOGIN_MAX_PER_USERNAME: '3',
      LOGIN_MAX_PER_IP: '10',
      LOGIN_WINDOW_SECONDS: '60',
      LOGIN_MAX_PER_IP_PER_DAY: '50',
      LOGIN_MAX_CODE_ATTEMPTS: '4',
      SESSION_IDLE_TIMEOUT_SECONDS: '600',
      SESSION_MAX_LIFETIME_SECONDS: '3600',
    });
    expect(config.loginLimits).toEqual({ perUsername: 3, perIp: 10, windowSeconds: 60, perIpPerDay: 50, codesPerAccount: 4 });
    expect(() => loadConfig({ LOGIN_MAX_CODE_ATTEMPTS: '0' })).toThrow('LOGIN_MAX_CODE_ATTEMPTS must be at least 1');
    expect(config.session).toEqual({ idleSeconds: 600, maxLifetimeSeconds: 3600 });
    expect(() => loadConfig({ LOGIN_MAX_PER_USERNAME: '0' })).toThrow('LOGIN_MAX_PER_USERNAME must be at least 1');
    expect(() => loadConfig({ SESSION_IDLE_TIMEOUT_SECONDS: '8h' })).toThrow('SESSION_IDLE_TIMEOUT_SECONDS must be a whole number');
  });

  it('reads TRUSTED_ORIGINS as a comma-separated list of origins', () => {
    expect(loadConfig({ TRUSTED_ORIGINS: 'https://a.example/x, http://b.example:8080' }).trustedOrigins).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(() => loadConfig({ TRUSTED_ORIGINS: 'https://a.example,javascript:alert(1)' })).toThrow('TRUSTED_ORIGINS must be an http(s) URL');
  });

  it('reads CORS_ORIGINS as a comma-separated list of origins (none by default)', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://portal.example/, http://localhost:5173' }).corsOrigins).toEqual([
      'https://portal.example',
      'http://localhost:5173',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow('CORS_ORIGINS must be an absolute http(s) URL');
  });

  it('reads the public API Cache-Control from PUBLIC_API_MAX_AGE and PUBLIC_API_STALE_WHILE_REVALIDATE (10 s and 60 s)', () => {
    expect(loadConfig({}).publicApiCache).toEqual({ maxAgeSeconds: 10, staleWhileRevalidateSeconds: 60 });
    expect(loadConfig({ PUBLIC_API_MAX_AGE: '0', PUBLIC_API_STALE_WHILE_REVALIDATE: '300' }).publicApiCache).toEqual({
      maxAgeSeconds: 0,
      staleWhileRevalidateSeconds: 300,
    });
    expect(() => loadConfig({ PUBLIC_API_MAX_AGE: 'short' })).toThrow('PUBLIC_API_MAX_AGE must be a whole number');
  });
});

describe('the public origin (PUBLIC_URL)', () => {
  const API_DIR = fileURLToPath(new URL('../../', import.meta.url));
  const TSX = fileURLToPath(new URL('../../../node_modules/tsx/dist/cli.mjs', import.meta.url));
  const REQUIRED = 'PUBLIC_URL is required when NODE_ENV=production';

  function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(file, args, { cwd: API_DIR, env, timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  }

  /** The environment without the settings under test. */
  function cleanEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
    for (const name of ['PUBLIC_URL', 'PORT', 'NODE_ENV']) if (!(name in extra)) delete env[name];
    return env;
  }

  it('is required to serve in production, and optional in development and tests', () => {
    expect(() => loadServerConfig({ NODE_ENV: 'production' })).toThrow(REQUIRED);
    expect(() => loadServerConfig({ NODE_ENV: 'production', PUBLIC_URL: ' ' })).toThrow(REQUIRED);
    expect(loadServerConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://www.example.com/' }).publicUrl).toBe('https://www.example.com');
    expect(loadServerConfig({}).publicUrl).toBeNull();
    expect(loadServerConfig({ NODE_ENV: 'test' }).publicUrl).toBeNull();
    // The command-line tools build no URLs: they keep working in a production environment without it.
    expect(loadConfig({ NODE_ENV: 'production' }).env).toBe('production');
  });

  it('warns at start when production pages would name this machine', () => {
    expect(publicUrlWarning({ env: 'production', publicUrl: 'http://localhost:3000' })).toMatch(/^PUBLIC_URL is http:\/\/localhost:3000: .*point at this machine/);
    expect(publicUrlWarning({ env: 'production', publicUrl: 'http://127.0.0.1:8080' })).not.toBeNull();
    expect(publicUrlWarning({ env: 'production', publicUrl: 'https://www.example.com' })).toBeNull();
    expect(publicUrlWarning({ env: 'development', publicUrl: null })).toBeNull();
  });

  it('the server stops at start with the message alone when it is missing in production', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-config-'));
    try {
      const result = await run(
        process.execPath,
        [TSX, 'src/main.ts'],
        // Nothing listens on port 1: if the server went on, it would fail there, with another message.
        cleanEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: 'postgresql://nobody:none@127.0.0.1:1/none', LOG_LEVEL: 'fatal' }),
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`Configuration error: ${REQUIRED}`);
      expect(result.stderr).not.toMatch(/\bat .+:\d+:\d+/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('the server stops at start with the message alone on an unknown TIME_ZONE', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-config-'));
    try {
      const result = await run(
        process.execPath,
        [TSX, 'src/main.ts'],
        cleanEnv({ NODE_ENV: 'development', TIME_ZONE: 'Europe/Atlantis', DATA_DIR: dataDir, DATABASE_URL: 'postgresql://nobody:none@127.0.0.1:1/none', LOG_LEVEL: 'fatal' }),
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Configuration error: TIME_ZONE must be an IANA time zone name (e.g. Europe/Berlin), got "Europe/Atlantis"');
      expect(result.stderr).not.toMatch(/\bat .+:\d+:\d+/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('npm start (the api serve script) sets http://localhost:<PORT> when it is not set, so a first run needs no settings', async () => {
    const serve = (JSON.parse(fs.readFileSync(path.join(API_DIR, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.serve;
    // The script with the server replaced by a command that prints what the server would be given.
    const probe = serve.replace(/node .*dist\/main\.js$/, `node -e "console.log(process.env.NODE_ENV, process.env.PUBLIC_URL)"`);
    expect(probe).not.toBe(serve);
    expect((await run('/bin/sh', ['-c', probe], cleanEnv({}))).stdout.trim()).toBe('production http://localhost:3000');
    expect((await run('/bin/sh', ['-c', probe], cleanEnv({ PORT: '8080' }))).stdout.trim()).toBe('production http://localhost:8080');
    expect((await run('/bin/sh', ['-c', probe], cleanEnv({ PUBLIC_URL: 'https://www.example.com' }))).stdout.trim()).toBe('production https://www.example.com');
  });
});
