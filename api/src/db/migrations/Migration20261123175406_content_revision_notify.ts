import { Migration } from '@mikro-orm/migrations';

/** The content tables as of this migration. */
const CONTENT_TABLES = ['brands', 'clients', 'contact_info', 'countries', 'landing_content', 'news', 'statistics', 'team_members'];

const BUMP = `update content_revision set revision = revision + 1 where id = 1;`;
const NOTIFY = `perform pg_notify('content_revision', (select revision::text from content_revision where id = 1));`;

/**
 * The revision triggers also NOTIFY the new revision (site/content-revision.entity.ts), so instances
 * hold it in memory instead of reading it per request. Replaces the trigger functions in place (the
 * TRUNCATE triggers share them, so the functions are not dropped); same body as the entity declares.
 */
export class Migration20261123175406_content_revision_notify extends Migration {

  override name = 'Migration20261123175406_content_revision_notify';

  override up(): void | Promise<void> {
    for (const table of CONTENT_TABLES) {
      this.addSql(`create or replace function "${table}_bump_content_revision_fn"() returns trigger as \$\$ begin ${BUMP} ${NOTIFY} return null; end; \$\$ language plpgsql;`);
    }
  }

  override down(): void | Promise<void> {
    for (const table of CONTENT_TABLES) {
      this.addSql(`create or replace function "${table}_bump_content_revision_fn"() returns trigger as \$\$ begin ${BUMP} return null; end; \$\$ language plpgsql;`);
    }
  }

}
