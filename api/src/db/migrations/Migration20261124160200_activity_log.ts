import { Migration } from '@mikro-orm/migrations';

/** The activity log (activity/activity-log.entity.ts): who did what and when. */

export class Migration20261124160200_activity_log extends Migration {

  override name = 'Migration20261124160200_activity_log';

  override up(): void | Promise<void> {
    this.addSql(`create table "activity_log" ("id" bigserial primary key, "at" timestamptz not null default now(), "user_id" uuid null, "username" text null, "kind" text not null, "collection" text null, "record_id" int null, "summary" text not null, "address_hash" text null, "details" jsonb null);`);
    this.addSql(`create index "activity_log_at_index" on "activity_log" ("at", "id");`);
    this.addSql(`create index "activity_log_username_index" on "activity_log" ("username", "at", "id");`);
    this.addSql(`create index "activity_log_kind_index" on "activity_log" ("kind", "at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "activity_log" cascade;`);
  }

}
