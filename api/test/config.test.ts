import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../src/config.js';

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
});

describe('security settings', () => {
  it('defaults to 5 per username and 20 per IP in 15 minutes, 100 per IP a day, 8 h idle, 7 days absolute, no extra origins', () => {
    const config = loadConfig({});
    expect(config.loginLimits).toEqual({ perUsername: 5, perIp: 20, windowSeconds: 900, perIpPerDay: 100 });
    expect(config.session).toEqual({ idleSeconds: 8 * 3600, maxLifetimeSeconds: 7 * 24 * 3600 });
    expect(config.trustedOrigins).toEqual([]);
  });

  it('reads the login limits and session lifetimes, refusing zero and non-numbers', () => {
    const config = loadConfig({
      LOGIN_MAX_PER_USERNAME: '3',
      LOGIN_MAX_PER_IP: '10',
      LOGIN_WINDOW_SECONDS: '60',
      LOGIN_MAX_PER_IP_PER_DAY: '50',
      SESSION_IDLE_TIMEOUT_SECONDS: '600',
      SESSION_MAX_LIFETIME_SECONDS: '3600',
    });
    expect(config.loginLimits).toEqual({ perUsername: 3, perIp: 10, windowSeconds: 60, perIpPerDay: 50 });
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
