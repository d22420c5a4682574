import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { formatDate, formatDateTime, formatDateTimeIn, instantFromWallClock, timeZoneLabel, wallClockIn } from './format-date';

// One date format across the admin (issue 22, item 12): the helper, and no screen formatting dates its own way.

describe('the admin date format', () => {
  it('writes a date as "Nov 24, 2026" (the UTC day, as the public site) and a time as "Nov 24, 2026, 5:31 AM"', () => {
    expect(formatDate('2026-11-24T23:30:00.000Z')).toBe('Nov 24, 2026');
    expect(formatDate('2026-09-16T00:00:00.000Z')).toBe('Sep 16, 2026');
    expect(formatDateTime(new Date(2026, 10, 24, 5, 31))).toBe('Nov 24, 2026, 5:31 AM');
    expect(formatDateTime(new Date(2026, 10, 24, 17, 4).toISOString())).toBe('Nov 24, 2026, 5:04 PM');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
  });

  it('is the only place in the admin that formats a date', () => {
    const root = path.join(process.cwd(), 'src/admin');
    const own = path.join(root, 'shell/format-date.ts');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && file !== own) {
          const source = readFileSync(file, 'utf8');
          if (/toLocale(Date|Time)String\(|new Date\([^)]*\)\.toLocaleString\(|Intl\.DateTimeFormat|date-fns/.test(source)) offenders.push(path.relative(root, file));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});

describe("the firm's clock (scheduling)", () => {
  it('writes a time on a named zone’s clock and names the zone with its offset', () => {
    expect(formatDateTimeIn('2030-01-15T06:00:00.000Z', 'Asia/Kuwait')).toBe('Jan 15, 2030, 9:00 AM');
    expect(formatDateTimeIn('2030-07-01T16:30:00.000Z', 'America/New_York')).toBe('Jul 1, 2030, 12:30 PM');
    expect(timeZoneLabel('Asia/Kuwait')).toBe('Asia/Kuwait (GMT+3)');
    expect(timeZoneLabel('Asia/Kolkata')).toBe('Asia/Kolkata (GMT+5:30)');
    expect(timeZoneLabel('UTC')).toBe('UTC (GMT)');
    expect(timeZoneLabel('America/New_York', '2030-01-15T12:00:00.000Z')).toBe('America/New_York (GMT-5)');
  });

  it('turns a wall-clock date and time of the zone into the instant, both ways, across clock changes', () => {
    expect(instantFromWallClock('2030-01-15', '09:00', 'Asia/Kuwait')?.toISOString()).toBe('2030-01-15T06:00:00.000Z');
    // New York: winter UTC-5, summer UTC-4.
    expect(instantFromWallClock('2030-01-15', '09:00', 'America/New_York')?.toISOString()).toBe('2030-01-15T14:00:00.000Z');
    expect(instantFromWallClock('2030-07-15', '09:00', 'America/New_York')?.toISOString()).toBe('2030-07-15T13:00:00.000Z');
    // 02:30 does not exist on 2030-03-10 in New York (02:00 -> 03:00): it moves forward by the change.
    expect(instantFromWallClock('2030-03-10', '02:30', 'America/New_York')?.toISOString()).toBe('2030-03-10T07:30:00.000Z');
    expect(wallClockIn('2030-07-15T13:00:00.000Z', 'America/New_York')).toEqual({ date: '2030-07-15', time: '09:00' });
    expect(wallClockIn('2030-12-31T22:30:00.000Z', 'Asia/Kuwait')).toEqual({ date: '2031-01-01', time: '01:30' });
    expect(instantFromWallClock('', '09:00', 'UTC')).toBeNull();
    expect(instantFromWallClock('2030-01-15', '9am', 'UTC')).toBeNull();
  });
});
