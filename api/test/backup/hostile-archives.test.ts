import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { importSite, type ImportOptions } from '../../src/backup/import-site.js';
import { localStorageFor, type ImageStorage } from '../../src/uploads/storage.js';
import { BACKUP_TABLES, MB, migratedTestDatabase, peakMemoryGrowth, TarGzBuilder, writeSiteArchive } from '../helpers/backup-archives.js';

// Hostile archives: each is refused with a message naming what is wrong,
// before anything is written, in bounded memory; the target stays empty and no temporary
// folder is left. One target serves every case: a refusal must leave it as it was.

let work: string;
let orm: MikroORM;
let storage: ImageStorage;
let dataDir: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ orm, drop } = await migratedTestDatabase());
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-hostile-'));
  dataDir = path.join(work, 'data');
  storage = localStorageFor(dataDir);
}, 60_000);

afterAll(async () => {
  await drop?.();
  fs.rmSync(work, { recursive: true, force: true });
});

const temporaryFolders = () => fs.readdirSync(os.tmpdir()).filter((name) => /^site-(import|export)-/.test(name));

async function expectRefused(file: string, message: RegExp, options: ImportOptions = {}, memory = 200 * MB): Promise<void> {
  const folders = temporaryFolders();
  const { result, rss, heap } = await peakMemoryGrowth(() => importSite({ orm, storage }, file, options));
  expect(result.status).toBe('rejected');
  const error = (result as PromiseRejectedResult).reason as Error;
  expect(error.name).toBe('ArchiveRefused');
  expect(error.message).toMatch(message);
  expect(rss).toBeLessThan(memory);
  expect(heap).toBeLessThan(memory);
  for (const table of BACKUP_TABLES) {
    const [{ count }] = await orm.em.fork().getConnection().execute<{ count: string }[]>(`select count(*) as count from "${table}"`);
    expect({ table, count: Number(count) }).toEqual({ table, count: 0 });
  }
  expect(fs.existsSync(path.join(dataDir, 'uploads')) ? fs.readdirSync(path.join(dataDir, 'uploads')) : []).toEqual([]);
  expect(temporaryFolders()).toEqual(folders);
}

/** A site archive with `before` written first (hostile entries), otherwise complete and valid. */
function archiveWith(name: string, before: (builder: TarGzBuilder) => void): string {
  const file = path.join(work, name);
  writeSiteArchive(file, { before, files: 2 });
  return file;
}

const newsRow = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: 1,
    title: 'A title',
    picture_url: 'https://example.com/p.png',
    alt_text: null,
    brief: 'A brief',
    content: null,
    link: null,
    featured: false,
    display_order: 1,
    created_at: '2026-01-01T00:00:00+00:00',
    version: 1,
    ...fields,
  });

describe('entries a site backup never has', () => {
  it('a symbolic link, a hard link, a device', async () => {
    await expectRefused(
      archiveWith('symlink.tar.gz', (b) => b.entry({ path: 'uploads/passwd.png', type: 'SymbolicLink', linkpath: '/etc/passwd' })),
      /holds a symbolic link \(uploads\/passwd\.png\); a site backup holds only files and folders/,
    );
    await expectRefused(
      archiveWith('hardlink.tar.gz', (b) => b.entry({ path: 'uploads/hard.png', type: 'Link', linkpath: 'manifest.json' })),
      /holds a hard link/,
    );
    await expectRefused(archiveWith('device.tar.gz', (b) => b.entry({ path: 'uploads/dev.png', type: 'CharacterDevice' })), /holds a device file/);
  });

  it('paths out of the archive: `..` and absolute', async () => {
    await expectRefused(archiveWith('dotdot.tar.gz', (b) => b.file('uploads/../../escape.png', 'x')), /a path that leads out of its folder \(uploads\/\.\.\/\.\.\/escape\.png\)/);
    await expectRefused(archiveWith('absolute.tar.gz', (b) => b.file('/tmp/absolute.png', 'x')), /an absolute path \(\/tmp\/absolute\.png\)/);
  });

  it('1,500 nested folders', async () => {
    await expectRefused(
      archiveWith('deep.tar.gz', (b) => {
        for (let depth = 1; depth <= 1500; depth++) b.entry({ path: `${'d/'.repeat(depth)}`, type: 'Directory', mode: 0o755 });
      }),
      /nests folders more than 32 deep, the import's bound \(--max-depth\)/,
    );
  });
});

describe('archives that expand far beyond their size', () => {
  it('one file of a gigabyte (an archive of about a megabyte): refused at its header', async () => {
    const file = archiveWith('bomb.tar.gz', (b) => b.zeros('uploads/bomb.png', 1024 * MB));
    expect(fs.statSync(file).size).toBeLessThan(5 * MB);
    await expectRefused(file, /a file of more than 104857600 bytes \(uploads\/bomb\.png\), the import's bound \(--max-file-bytes\)/);
  });

  it('many files adding up past the total bound: refused at the first header past it', async () => {
    const file = archiveWith('total.tar.gz', (b) => {
      for (let n = 0; n < 12; n++) b.zeros(`uploads/part-${n}.png`, 90 * MB);
    });
    expect(fs.statSync(file).size).toBeLessThan(5 * MB);
    await expectRefused(file, /holds more than 268435456 bytes, the import's bound \(--max-bytes\); refused at uploads\/part-2\.png/, {
      limits: { maxTotalBytes: 256 * MB },
    });
  });

  it('a gigabyte within the bounds is read without writing anything, then refused: its files are not in the manifest', async () => {
    const file = archiveWith('unlisted.tar.gz', (b) => {
      for (let n = 0; n < 12; n++) b.zeros(`uploads/part-${n}.png`, 90 * MB);
    });
    const before = fs.statfsSync(os.tmpdir());
    await expectRefused(file, /holds a file its manifest does not list: uploads\/part-0\.png/);
    const after = fs.statfsSync(os.tmpdir());
    // Nothing extracted: the free space did not drop by anything like the gigabyte.
    expect((before.bavail - after.bavail) * before.bsize).toBeLessThan(200 * MB);
  });
});

describe('tables', () => {
  it('a table of 1.5 million rows: refused at the row bound, the rows streamed', async () => {
    const file = path.join(work, 'rows.tar.gz');
    const ROWS = 1_500_000;
    // Every row the same length (ids of 7 digits), so the entry's size is known up front.
    const row = (id: number) =>
      `{"id":${id},"name":"Country ${id}","code":"CC","flag_image_url":"https://example.com/flag.png","display_order":1,"version":1}`;
    const rowBytes = Buffer.byteLength(row(1_000_000));
    writeSiteArchive(file, {
      streamedTables: (builder) => {
        const size = 2 + ROWS * rowBytes + (ROWS - 1);
        function* pieces() {
          let text = '[';
          for (let n = 0; n < ROWS; n++) {
            text += (n === 0 ? '' : ',') + row(1_000_000 + n);
            if (text.length > MB) {
              yield Buffer.from(text);
              text = '';
            }
          }
          yield Buffer.from(`${text}]`);
        }
        return [{ table: 'countries', rows: ROWS, ...builder.streamed('tables/countries.json', size, pieces()) }];
      },
    });
    await expectRefused(file, /The table countries has more than 1000000 rows, the import's bound \(--max-rows\)/);
  }, 120_000);

  it('a row of 5 MB', async () => {
    const file = path.join(work, 'huge-row.tar.gz');
    writeSiteArchive(file, { rows: { news: [newsRow({ content: 'x'.repeat(5 * MB) })] } });
    await expectRefused(file, /Row 1 of the table news is larger than 1048576 bytes, the import's bound \(--max-row-bytes\)/);
  });

  it('a javascript: link, and other values the admin could not save', async () => {
    const cases: [string, Record<string, string[]>, RegExp][] = [
      ['js-link', { news: [newsRow({ link: 'javascript:alert(document.cookie)' })] }, /The table news, row 1 \(id 1\), field link: Link must be a web address starting with http:\/\/ or https:\/\//],
      ['js-picture', { news: [newsRow(), newsRow({ id: 2, picture_url: 'javascript:alert(1)' })] }, /The table news, row 2 \(id 2\), field picture_url: Picture URL must be an uploaded image or a web address/],
      ['order', { news: [newsRow({ display_order: 5_000_000 })] }, /field display_order: Display order must be at most 1000000/],
      ['flag', { news: [newsRow({ featured: null })] }, /field featured: Featured must be true or false/],
      [
        'history',
        { content_history: [JSON.stringify({ id: 1, collection: 'news', record_id: 1, action: 'update', user_id: null, username: 'admin', at: '2026-01-01T00:00:00+00:00', before: null, after: { link: 'javascript:alert(1)' } })] },
        /The table content_history, row 1 \(id 1\), field after\.link: Link must be a web address/,
      ],
      [
        'webhook',
        { webhook_endpoints: [JSON.stringify({ id: 1, url: 'javascript:alert(1)', secret: 'a secret of sixteen+', collections: [], active: true, created_at: '2026-01-01T00:00:00+00:00' })] },
        /The table webhook_endpoints, row 1 \(id 1\), field url: Enter a valid http\(s\) URL/,
      ],
      [
        'user',
        { users: [JSON.stringify({ id: '0b9e1c55-5d1f-4a31-9a40-2d8a4c1b7e11', username: 'admin', password_hash: 'plain text', email: null, first_name: null, last_name: null, profile_image_url: null, created_at: '2026-01-01T00:00:00+00:00', updated_at: '2026-01-01T00:00:00+00:00', last_sign_in_at: null })] },
        /The table users, row 1 \(id 0b9e1c55-5d1f-4a31-9a40-2d8a4c1b7e11\), field password_hash: Password hash must be an argon2 hash/,
      ],
    ];
    for (const [name, rows, message] of cases) {
      const file = path.join(work, `${name}.tar.gz`);
      writeSiteArchive(file, { rows });
      await expectRefused(file, message);
    }
  });

  it('a valid archive of the same shapes imports (the rules refuse only what they should)', async () => {
    const file = path.join(work, 'valid.tar.gz');
    writeSiteArchive(file, { rows: { news: [newsRow({ link: 'https://example.com/story' })] }, files: 3 });
    const summary = await importSite({ orm, storage }, file);
    expect(summary).toMatchObject({ files: 3, tables: { news: 1 } });
    const [news] = await orm.em.fork().getConnection().execute<{ link: string }[]>('select link from news');
    expect(news.link).toBe('https://example.com/story');
  });
});
