import type { EntityManager } from '@mikro-orm/postgresql';
import { firmTimeZones, initialRecord, pages, siteSettings } from '@consulting/model';
import type { Logger } from 'pino';
import { generatePassword, hashPassword } from '../../auth/passwords.js';
import { User } from '../../auth/user.entity.js';
import type { Config } from '../../config.js';
import { ContentHistory } from '../../content/history/content-history.entity.js';
import { recordUnlistedChanges } from '../../content/history/history.service.js';
import { legalPageDraftValues, PLACEHOLDER_LEGAL_PAGES } from '../../content/pages/legal-pages.js';
import { ContentDraft } from '../../content/publication/content-draft.entity.js';
import { singletons } from '../../content/registry.js';

// What a fresh installation needs to show a page and be edited: each singleton's first record
// (its declaration's `initial` values and defaults), the placeholder legal pages as drafts, and the
// first admin. Each step runs only when there is nothing of its kind yet, so starting again changes
// nothing.

/**
 * `firm.timeZone`: the firm's time zone the site settings start with (TIME_ZONE; the settings are
 * its one source from then on, content/firm-time-zone.ts).
 */
export async function seedFirstStartContent(em: EntityManager, firm: { timeZone?: string } = {}): Promise<void> {
  let created = false;
  for (const singleton of singletons) {
    if ((await em.count(singleton.entity)) > 0) continue;
    created = true;
    const record = initialRecord(singleton.type);
    if (singleton.type === siteSettings && firm.timeZone && firmTimeZones().some((zone) => zone.value === firm.timeZone)) record.timeZone = firm.timeZone;
    em.create(singleton.entity, record);
  }
  await em.flush();
  // Their first state heads their history, so an editor can always go back to it.
  if (created) await recordUnlistedChanges(em);
  await seedPlaceholderPages(em);
}

/**
 * The privacy policy, imprint and accessibility statement as never-published drafts whose bodies
 * say what the firm must fill in (content/pages/legal-pages.ts), made as createDraft makes a draft
 * (live and wasPublished false, the id taken from the pages table's sequence), each heading its
 * history. Once per database: only while the pages have never had anything (no page, no draft, no
 * history entry; a discarded or deleted page leaves its history), so a firm that deletes them does
 * not get them back on the next start. Instances starting at once take turns (an advisory lock).
 * Not a migration: a migrated database stays empty until the server first starts (a backup is
 * imported into exactly that), and an imported site's own pages decide.
 */
export async function seedPlaceholderPages(outer: EntityManager): Promise<void> {
  await outer.transactional(async (em) => {
    await em.execute('select pg_advisory_xact_lock(hashtext(?))', ['first start: placeholder pages']);
    const [{ touched }] = await em.execute<{ touched: boolean }[]>(
      `select exists (select 1 from "${pages.table}") or exists (select 1 from content_draft where collection = ?) or exists (select 1 from content_history where collection = ?) as touched`,
      [pages.restPath, pages.restPath],
    );
    if (touched) return;
    for (const page of PLACEHOLDER_LEGAL_PAGES) {
      const [{ id }] = await em.execute<{ id: number }[]>(`select nextval(pg_get_serial_sequence(?, 'id'))::int as id`, [`"${pages.table}"`]);
      const values = legalPageDraftValues(page);
      em.create(ContentDraft, { collection: pages.restPath, recordId: id, values, live: false, wasPublished: false });
      em.create(ContentHistory, { collection: pages.restPath, recordId: id, action: 'draft', userId: null, username: null, before: null, after: values });
    }
    await em.flush();
  });
}

/**
 * Creates the first admin when there is no user: ADMIN_USERNAME / ADMIN_PASSWORD, or `admin`
 * with a random password, which is logged this once and never again.
 */
export async function seedFirstAdmin(em: EntityManager, config: Config, logger: Logger): Promise<void> {
  if ((await em.count(User)) > 0) return;
  const password = config.adminPassword ?? generatePassword();
  em.create(User, { username: config.adminUsername, passwordHash: await hashPassword(password) });
  await em.flush();
  if (config.adminPassword) {
    logger.info({ username: config.adminUsername }, 'created the first admin with ADMIN_PASSWORD');
  } else {
    logger.warn(
      `First admin created. Username: ${config.adminUsername}  Password: ${password}  ` +
        '(shown only this once; change it with: npm run admin -- reset-password ' +
        `${config.adminUsername})`,
    );
  }
}
