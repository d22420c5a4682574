import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { isSigned, newToken } from '../../src/preview/preview-tokens.js';

// Share-link tokens are signed with one key per site: replicas (each with its own DATA_DIR, the
// same SESSION_SECRET, as docker-compose.yml runs them) accept each other's links; another site's
// links, or links of a site without SESSION_SECRET made elsewhere, are refused.

const dirs = [0, 1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'preview-tokens-')));
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('share-link tokens', () => {
  it('made on one replica are accepted by another (same SESSION_SECRET, its own DATA_DIR)', () => {
    const a = { dataDir: dirs[0], sessionSecret: 'the-sites-secret' };
    const b = { dataDir: dirs[1], sessionSecret: 'the-sites-secret' };
    const token = newToken(a);
    expect(isSigned(b, token)).toBe(true);
    expect(isSigned({ dataDir: dirs[1], sessionSecret: 'another-sites-secret' }, token)).toBe(false);
  });

  it('without SESSION_SECRET: a key kept in DATA_DIR (one instance), refused elsewhere', () => {
    const single = { dataDir: dirs[2], sessionSecret: null };
    const token = newToken(single);
    expect(isSigned(single, token)).toBe(true);
    expect(isSigned({ dataDir: dirs[0], sessionSecret: null }, token)).toBe(false);
    expect(isSigned({ dataDir: dirs[2], sessionSecret: 'the-sites-secret' }, token)).toBe(false);
  });
});
