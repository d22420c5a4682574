import { Migration } from '@mikro-orm/migrations';
import { legalPageDraftValues, PLACEHOLDER_LEGAL_PAGES } from '../../content/pages/legal-pages.js';

/**
 * The placeholder legal pages (privacy policy, imprint, accessibility statement) as never-published
 * drafts, each with a body saying what the firm must fill in: the editorial workflow's content_draft
 * rows, exactly as createDraft makes them (live and wasPublished false, the id taken from the pages
 * table's sequence so it never changes). A migration runs once per database, under the migration
 * lock: a restart never adds them again, and a firm that discards them does not get them back.
 */
export class Migration20261124214500_legal_page_drafts extends Migration {

  override name = 'Migration20261124214500_legal_page_drafts';

  override up(): void | Promise<void> {
    for (const page of PLACEHOLDER_LEGAL_PAGES) {
      const values = JSON.stringify(legalPageDraftValues(page)).replaceAll("'", "''");
      this.addSql(
        `insert into "content_draft" ("collection", "record_id", "values", "live", "was_published") ` +
          `values ('pages', nextval(pg_get_serial_sequence('"pages"', 'id')), '${values}'::jsonb, false, false);`,
      );
    }
  }

  override down(): void | Promise<void> {
    const slugs = PLACEHOLDER_LEGAL_PAGES.map((page) => `'${page.slug}'`).join(', ');
    this.addSql(`delete from "content_draft" where "collection" = 'pages' and not "was_published" and "values"->>'slug' in (${slugs});`);
  }

}
