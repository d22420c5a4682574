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

  it('sizes the public read cache in MB from PUBLIC_CACHE_MB (default 64, at least 1)', () => {
    expect(loadConfig({}).publicCacheMaxBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ PUBLIC_CACHE_MB: '16' }).publicCacheMaxBytes).toBe(16 * 1024 * 1024);
    expect(loadConfig({ PUBLIC_CACHE_MB: '0' }).publicCacheMaxBytes).toBe(1024 * 1024);
    expect(() => loadConfig({ PUBLIC_CACHE_MB: 'lots' })).toThrow('PUBLIC_CACHE_MB must be a whole number');
  });

  it('refuses a PORT that is not a whole number', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be a whole number');
  });
});
