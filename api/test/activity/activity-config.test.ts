import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../src/config.js';

// ACTIVITY_RETENTION_DAYS: how long the activity log keeps its entries (the scheduler prunes older ones).

describe('ACTIVITY_RETENTION_DAYS', () => {
  it('keeps a year by default and reads 1 to 3650 days', () => {
    expect(loadConfig({}).activityRetentionDays).toBe(365);
    expect(loadConfig({ ACTIVITY_RETENTION_DAYS: '1' }).activityRetentionDays).toBe(1);
    expect(loadConfig({ ACTIVITY_RETENTION_DAYS: ' 90 ' }).activityRetentionDays).toBe(90);
    expect(loadConfig({ ACTIVITY_RETENTION_DAYS: '3650' }).activityRetentionDays).toBe(3650);
  });

  it('refuses zero, more than ten years and anything but a whole number at start', () => {
    expect(() => loadConfig({ ACTIVITY_RETENTION_DAYS: '0' })).toThrow('ACTIVITY_RETENTION_DAYS must be at least 1');
    expect(() => loadConfig({ ACTIVITY_RETENTION_DAYS: '3651' })).toThrow('ACTIVITY_RETENTION_DAYS must be at most 3650');
    expect(() => loadConfig({ ACTIVITY_RETENTION_DAYS: '1y' })).toThrow('ACTIVITY_RETENTION_DAYS must be a whole number');
    expect(() => loadConfig({ ACTIVITY_RETENTION_DAYS: '-5' })).toThrow('ACTIVITY_RETENTION_DAYS must be a whole number');
  });
});
