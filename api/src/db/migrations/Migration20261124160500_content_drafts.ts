import { Migration } from '@mikro-orm/migrations';

/** Drafts beside the published records (content/publication/content-draft.entity.ts). */

export class Migration20261124160500_content_drafts extends Migration {

  override name = 'Migration20261124160500_content_drafts';

  override up(): void | Promise<void> {
    this.addSql(`create table "content_draft" ("collection" text not null, "record_id" int not null, "values" jsonb not null, "version" int not null default 1, "live" boolean not null, "was_published" boolean not null, "display_order" int null, "record_created_at" timestamptz null, "base_version" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "updated_by" uuid null, "updated_by_name" text null, "submitted_at" timestamptz null, "submitted_by_name" text null, primary key ("collection", "record_id"));`);
    this.addSql(`create index "content_draft_collection_live_updated_at_index" on "content_draft" ("collection", "live", "updated_at");`);
    this.addSql(`create index "content_draft_submitted_at_index" on "content_draft" ("submitted_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "content_draft" cascade;`);
  }

}
