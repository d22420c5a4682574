import { Migration } from '@mikro-orm/migrations';

/**
 * The enquiry inbox's indexes (enquiries/inbox.service.ts): the rows not deleted, the unread and
 * the handled ones, each by (created_at, id) so a page, a count and the CSV export are one range
 * of an index; the deleted ones by deletion time, for retention's purge.
 */

export class Migration20261206181500_inbox_indexes extends Migration {

  override name = 'Migration20261206181500_inbox_indexes';

  override up(): void | Promise<void> {
    this.addSql(`create index "enquiries_inbox_index" on "enquiries" ("created_at", "id") where "deleted_at" is null;`);
    this.addSql(`create index "enquiries_unread_index" on "enquiries" ("created_at", "id") where "deleted_at" is null and "handled_at" is null;`);
    this.addSql(`create index "enquiries_handled_index" on "enquiries" ("created_at", "id") where "deleted_at" is null and "handled_at" is not null;`);
    this.addSql(`create index "enquiries_deleted_index" on "enquiries" ("deleted_at") where "deleted_at" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "enquiries_inbox_index";`);
    this.addSql(`drop index if exists "enquiries_unread_index";`);
    this.addSql(`drop index if exists "enquiries_handled_index";`);
    this.addSql(`drop index if exists "enquiries_deleted_index";`);
  }

}
