import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { headerPolicyOf, notPageSegments, routeOf, servedBeforePages } from '../../src/http/route-table.js';
import { earlyPageTarget } from '../../src/site/page-paths.js';

// The preview area in the route table: its own first segment (never a page, never the not-found
// page before routing, never the read cache's), the pages' header policy, and its root spelt once.

describe('the preview routes', () => {
  it('own the first segment `preview`: no page, no early not-found page, the pages header policy', () => {
    expect(notPageSegments()).toContain('preview');
    expect(servedBeforePages('/preview/news/1')).toBe(true);
    expect(earlyPageTarget('/preview/news/1', new Set(notPageSegments()))).toBeNull();
    expect(earlyPageTarget('/preview', new Set(notPageSegments()))).toBeNull();
    expect(headerPolicyOf('/preview/shared/abc')).toBe('public');
  });

  it('a share link is public, a signed-in preview needs content.draft, link rows likewise', () => {
    expect(routeOf('GET', '/preview/shared/abc')?.route.access).toBe('public');
    expect(routeOf('GET', '/preview/news/12')?.route.access).toBe('content.draft');
    expect(routeOf('GET', '/preview/news/12')?.route.cached).toBeUndefined();
    expect(routeOf('POST', '/api/admin/news/12/preview-links')?.route.access).toBe('content.draft');
    expect(routeOf('GET', '/api/admin/landing-content/1/preview-links')?.route.access).toBe('content.draft');
    expect(routeOf('DELETE', '/api/admin/preview-links/0b0b0b0b-0000-4000-8000-000000000000')?.route.access).toBe('content.draft');
  });

  it('spell /preview only in src/shared/url-paths.ts', () => {
    const src = path.resolve(import.meta.dirname, '../../src');
    const files = fs.readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.includes('migrations'));
    const found: string[] = [];
    for (const file of files) {
      if (file === path.join('shared', 'url-paths.ts')) continue;
      fs.readFileSync(path.join(src, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = line.trim();
          if (!(code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) && /['"`]\/preview\b/.test(code)) found.push(`${file}:${i + 1}: ${code}`);
        });
    }
    expect(found).toEqual([]);
  });
});
