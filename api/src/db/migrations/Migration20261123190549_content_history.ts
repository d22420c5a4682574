import { Migration } from '@mikro-orm/migrations';

/** Admin history of content records (content/history/content-history.entity.ts). */

export class Migration20261123190549_content_history extends Migration {

  override name = 'Migration20261123190549_content_history';

  override up(): void | Promise<void> {
    this.addSql(`create table "content_history" ("id" serial primary key, "collection" text not null, "record_id" int not null, "action" text not null, "user_id" uuid null, "username" text null, "at" timestamptz not null default now(), "before" jsonb null, "after" jsonb null);`);
    this.addSql(`create index "content_history_collection_record_id_index" on "content_history" ("collection", "record_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "content_history" cascade;`);
  }

}
