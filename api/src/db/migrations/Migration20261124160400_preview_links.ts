import { Migration } from '@mikro-orm/migrations';

/** Share links to previews (preview/preview-link.entity.ts): only each token's hash is stored. */

export class Migration20261124160400_preview_links extends Migration {

  override name = 'Migration20261124160400_preview_links';

  override up(): void | Promise<void> {
    this.addSql(`create table "preview_links" ("id" uuid not null default gen_random_uuid(), "collection" text not null, "record_id" int not null, "token_hash" text not null, "created_by" uuid null, "created_by_name" text null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "revoked_at" timestamptz null, constraint "preview_links_pkey" primary key ("id"));`);
    this.addSql(`alter table "preview_links" add constraint "preview_links_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "preview_links_record_index" on "preview_links" ("collection", "record_id", "created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "preview_links" cascade;`);
  }

}
