import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { plainTextOf, SLUG_PATTERN, type RichTextDocument } from '@consulting/model';
import { openOrm } from '../../src/db/orm.js';
import { migrationsList } from '../../src/db/migrations/index.js';
import { createTestDatabase } from '../helpers/test-app.js';

// The upgrade to pages of their own and rich text, on a database holding articles and projects
// written before it: each gets a unique slug from its title, and each article's plain text becomes
// paragraphs that give back exactly the same text.

describe('the own_pages_rich_text migration', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let orm: MikroORM;
  beforeAll(async () => {
    database = await createTestDatabase();
    orm = await openOrm(database.url, pino({ level: 'silent' }));
  });
  afterAll(async () => {
    await orm?.close(true);
    await database?.drop();
  });

  it('gives every item a unique slug from its title and turns plain text into paragraphs with no loss', async () => {
    const index = migrationsList.findIndex((m) => m.name === 'Migration20261124190000_own_pages_rich_text');
    expect(index).toBeGreaterThan(0);
    await orm.migrator.up({ to: migrationsList[index - 1].name });
    const connection = orm.em.fork().getConnection();
    const texts = [
      'One paragraph.',
      'First line\nsecond line\n\nA second paragraph\n\n\nafter two blank lines  ',
      '<script>alert(1)</script> & "quotes"',
      null,
    ];
    for (const [i, content] of texts.entries()) {
      await connection.execute(`insert into news (title, picture_url, brief, content, display_order) values (?, '/uploads/n.png', 'Brief', ?, ?)`, [
        i < 2 ? 'Café results, 2026!' : i === 2 ? 'Page' : '???',
        content,
        i,
      ]);
    }
    await connection.execute(`insert into clients (title, picture_url, display_order) values ('Export strategy', '/uploads/c.png', 0), ('Export strategy', '/uploads/c.png', 1)`);
    await orm.migrator.up();

    const news = await connection.execute<{ slug: string; content: string | null; content_document: RichTextDocument | null }[]>(
      'select slug, content, content_document from news order by display_order',
    );
    expect(news.map((row) => row.slug)).toEqual(['cafe-results-2026', 'cafe-results-2026-2', 'page-2', 'news']);
    for (const row of news) {
      expect(row.slug).toMatch(SLUG_PATTERN);
      if (row.content === null) expect(row.content_document).toBeNull();
      else expect(plainTextOf(row.content_document)).toBe(row.content);
    }
    expect(news[1]!.content_document!.content).toHaveLength(3);
    const clients = await connection.execute<{ slug: string }[]>('select slug from clients order by display_order');
    expect(clients.map((row) => row.slug)).toEqual(['export-strategy', 'export-strategy-2']);
  });
});
