import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../src/config.js';

// The enquiry settings (ENQUIRY_*, TURNSTILE_*): their defaults, and what stops the server at start.

describe('the enquiry settings', () => {
  it('default to ALTCHA, 5 per client and 100 in all per hour, 10 without JavaScript, 3 s, 2 links, 16 KB, 365 days', () => {
    expect(loadConfig({}).enquiry).toEqual({
      maxPerHourPerClient: 5,
      maxPerHour: 100,
      maxNoScriptPerHour: 10,
      minSeconds: 3,
      maxLinks: 2,
      maxBytes: 16 * 1024,
      captcha: 'altcha',
      altchaMaxNumber: 100_000,
      turnstile: null,
      retentionDays: 365,
    });
  });

  it('reads each setting; 0 is allowed where it means "none" (no-script budget, minimum time, links)', () => {
    const env = {
      ENQUIRY_MAX_PER_HOUR_PER_CLIENT: '2',
      ENQUIRY_MAX_PER_HOUR: '40',
      ENQUIRY_MAX_NO_SCRIPT_PER_HOUR: '0',
      ENQUIRY_MIN_SECONDS: '0',
      ENQUIRY_MAX_LINKS: '0',
      ENQUIRY_MAX_BYTES: '8192',
      ENQUIRY_CAPTCHA: 'OFF',
      ENQUIRY_ALTCHA_MAX_NUMBER: '50000',
      ENQUIRY_RETENTION_DAYS: '30',
    };
    expect(loadConfig(env).enquiry).toEqual({
      maxPerHourPerClient: 2,
      maxPerHour: 40,
      maxNoScriptPerHour: 0,
      minSeconds: 0,
      maxLinks: 0,
      maxBytes: 8192,
      captcha: 'off',
      altchaMaxNumber: 50_000,
      turnstile: null,
      retentionDays: 30,
    });
  });

  it('takes Turnstile with its site key and secret, verified at Cloudflare unless TURNSTILE_VERIFY_URL says otherwise', () => {
    const turnstile = { ENQUIRY_CAPTCHA: 'turnstile', TURNSTILE_SITE_KEY: 'site', TURNSTILE_SECRET: 'secret' };
    expect(loadConfig(turnstile).enquiry.turnstile).toEqual({ siteKey: 'site', secret: 'secret', verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify' });
    expect(loadConfig({ ...turnstile, TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/verify' }).enquiry.turnstile?.verifyUrl).toBe('http://127.0.0.1:9/verify');
    expect(() => loadConfig({ ENQUIRY_CAPTCHA: 'turnstile', TURNSTILE_SITE_KEY: 'site' })).toThrow('ENQUIRY_CAPTCHA=turnstile needs TURNSTILE_SITE_KEY and TURNSTILE_SECRET');
    expect(() => loadConfig({ ...turnstile, TURNSTILE_VERIFY_URL: 'ftp://x' })).toThrow('TURNSTILE_VERIFY_URL must be an http(s) URL');
  });

  it('refuses values that would switch the protection off by mistake or cannot be read', () => {
    expect(() => loadConfig({ ENQUIRY_CAPTCHA: 'recaptcha' })).toThrow('ENQUIRY_CAPTCHA must be altcha, turnstile or off');
    expect(() => loadConfig({ ENQUIRY_MAX_PER_HOUR: '0' })).toThrow('ENQUIRY_MAX_PER_HOUR must be at least 1');
    expect(() => loadConfig({ ENQUIRY_MAX_PER_HOUR_PER_CLIENT: 'many' })).toThrow('ENQUIRY_MAX_PER_HOUR_PER_CLIENT must be a whole number');
    expect(() => loadConfig({ ENQUIRY_MAX_BYTES: '100' })).toThrow('ENQUIRY_MAX_BYTES must be at least 1024');
    expect(() => loadConfig({ ENQUIRY_RETENTION_DAYS: '4000' })).toThrow('ENQUIRY_RETENTION_DAYS must be at most 3650');
    expect(() => loadConfig({ ENQUIRY_MIN_SECONDS: '-1' })).toThrow('ENQUIRY_MIN_SECONDS must be a whole number');
  });
});
