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
});
