import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { formatDate, formatDateTime } from './format-date';

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
