import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes behind every list read (content/columns.ts listIndexes): each collection's order, its
 * featured-filtered order, and a record's history newest first (content_history).
 */

export class Migration20261124065020_list_indexes extends Migration {

  override name = 'Migration20261124065020_list_indexes';

  override up(): void | Promise<void> {
    this.addSql(`create index "brands_display_order_id_index" on "brands" ("display_order", "id");`);

    this.addSql(`create index "clients_display_order_id_index" on "clients" ("display_order", "id");`);
    this.addSql(`create index "clients_featured_display_order_id_index" on "clients" ("featured", "display_order", "id");`);

    this.addSql(`create index "contact_info_display_order_id_index" on "contact_info" ("display_order", "id");`);

    this.addSql(`drop index "content_history_collection_record_id_index";`);
    this.addSql(`create index "content_history_collection_record_id_id_index" on "content_history" ("collection", "record_id", "id");`);

    this.addSql(`create index "countries_display_order_id_index" on "countries" ("display_order", "id");`);

    this.addSql(`create index "news_display_order_id_index" on "news" ("display_order", "id");`);
    this.addSql(`create index "news_featured_display_order_id_index" on "news" ("featured", "display_order", "id");`);

    this.addSql(`create index "team_members_display_order_id_index" on "team_members" ("display_order", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "brands_display_order_id_index";`);

    this.addSql(`drop index "clients_display_order_id_index";`);
    this.addSql(`drop index "clients_featured_display_order_id_index";`);

    this.addSql(`drop index "contact_info_display_order_id_index";`);

    this.addSql(`drop index "content_history_collection_record_id_id_index";`);
    this.addSql(`create index "content_history_collection_record_id_index" on "content_history" ("collection", "record_id");`);

    this.addSql(`drop index "countries_display_order_id_index";`);

    this.addSql(`drop index "news_display_order_id_index";`);
    this.addSql(`drop index "news_featured_display_order_id_index";`);

    this.addSql(`drop index "team_members_display_order_id_index";`);
  }

}
