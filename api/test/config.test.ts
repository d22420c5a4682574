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
  });

  it('refuses a PORT that is not a whole number', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be a whole number');
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
