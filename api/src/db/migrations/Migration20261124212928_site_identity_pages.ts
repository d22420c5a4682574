import { Migration } from '@mikro-orm/migrations';

export class Migration20261124212928_site_identity_pages extends Migration {

  override name = 'Migration20261124212928_site_identity_pages';

  override up(): void | Promise<void> {
    this.addSql(`create table "pages" ("id" serial primary key, "title" text not null, "slug" text not null default '', "body" text null, "body_document" jsonb null, "description" text not null, "linked_from" text not null default 'footer', "display_order" int not null default 0, "updated_at" timestamptz not null default now(), "version" int not null default 1);`);
    this.addSql(`create index "pages_display_order_id_index" on "pages" ("display_order", "id");`);
    this.addSql(`create index "pages_title_id_index" on "pages" ("title", "id");`);
    this.addSql(`create index "pages_search_index" on "pages" using gin ((coalesce("title", '') || ' ' || coalesce("description", '')) gin_trgm_ops);`);
    this.addSql(`create index "pages_search_grams_index" on "pages" using gin (array_remove(regexp_split_to_array(lower((coalesce("title", '') || ' ' || coalesce("description", ''))), '') || string_to_array(regexp_replace(lower((coalesce("title", '') || ' ' || coalesce("description", ''))), '(..)', '\\1' || chr(1), 'g'), chr(1)) || string_to_array(regexp_replace(substr(lower((coalesce("title", '') || ' ' || coalesce("description", ''))), 2), '(..)', '\\1' || chr(1), 'g'), chr(1)), ''));`);
    this.addSql(`alter table "pages" add constraint "pages_slug_unique" unique ("slug");`);

    this.addSql(`create table "site_settings" ("id" serial primary key, "firm_name" text not null, "short_name" text null, "description" text not null, "logo_url" text null, "logo_dark_url" text null, "icon_url" text null, "share_image_url" text null, "footer_text" text null, "copyright_holder" text null, "street_address" text null, "postal_code" text null, "city" text null, "region" text null, "country" text null, "linkedin_url" text null, "x_url" text null, "youtube_url" text null, "instagram_url" text null, "facebook_url" text null, "github_url" text null, "locale" text not null default 'en-US', "time_zone" text not null default 'UTC', "version" int not null default 1);`);

    this.addSql(`create or replace function "pages_stamp_updated_at_fn"() returns trigger as \$\$ begin if new.updated_at is not distinct from old.updated_at then new.updated_at = now(); end if; return new; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "stamp_updated_at" BEFORE UPDATE on "pages" for each ROW execute function "pages_stamp_updated_at_fn"();`);
    this.addSql(`create or replace function "pages_make_missing_slug_fn"() returns trigger as \$\$ begin if new.slug is null or new.slug = '' then new.slug := trim(both '-' from left(trim(both '-' from regexp_replace(lower(coalesce(new."title"::text, '')), '[^a-z0-9]+', '-', 'g')), 80)); if new.slug = '' or new.slug in ('page', 'feed', 'team', 'news', 'clients', 'admin', 'api', 'graphql', 'uploads', 'assets', 'static', 'page', 'feed', 'sitemap', 'robots', 'favicon', 'icons', 'share', 'manifest', 'healthz', 'health', 'preview', 'login', 'logout', '404', 'index') or exists (select 1 from "pages" where slug = new.slug) then new.slug := (case when new.slug = '' then 'pages' else new.slug end) || '-' || new.id; end if; end if; return new; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "make_missing_slug" BEFORE INSERT on "pages" for each ROW execute function "pages_make_missing_slug_fn"();`);
    this.addSql(`create or replace function "pages_keep_slug_redirects_fn"() returns trigger as \$\$ begin if tg_op = 'UPDATE' and old.slug is distinct from new.slug then insert into slug_redirects (collection, old_slug, record_id) values ('pages', old.slug, new.id) on conflict (collection, old_slug) do update set record_id = excluded.record_id, created_at = now(); end if; delete from slug_redirects where collection = 'pages' and old_slug = new.slug; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "keep_slug_redirects" AFTER INSERT OR UPDATE on "pages" for each ROW execute function "pages_keep_slug_redirects_fn"();`);
    this.addSql(`create or replace function "pages_bump_content_revision_fn"() returns trigger as \$\$ begin update content_revision set revision = revision + 1 where id = 1; perform pg_notify('content_revision', (select revision::text from content_revision where id = 1)); return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "bump_content_revision" AFTER INSERT OR UPDATE OR DELETE on "pages" for each STATEMENT execute function "pages_bump_content_revision_fn"();`);
    this.addSql(`create trigger "webhook_on_insert" after insert on "pages" referencing new table as changed_rows for each statement execute function webhook_enqueue_content_change('pages');`);
    this.addSql(`create trigger "webhook_on_update" after update on "pages" referencing new table as changed_rows for each statement execute function webhook_enqueue_content_change('pages');`);
    this.addSql(`create trigger "webhook_on_delete" after delete on "pages" referencing old table as changed_rows for each statement execute function webhook_enqueue_content_change('pages');`);

    this.addSql(`create or replace function "site_settings_bump_content_revision_fn"() returns trigger as \$\$ begin update content_revision set revision = revision + 1 where id = 1; perform pg_notify('content_revision', (select revision::text from content_revision where id = 1)); return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "bump_content_revision" AFTER INSERT OR UPDATE OR DELETE on "site_settings" for each STATEMENT execute function "site_settings_bump_content_revision_fn"();`);
    this.addSql(`create trigger "webhook_on_insert" after insert on "site_settings" referencing new table as changed_rows for each statement execute function webhook_enqueue_content_change('site-settings');`);
    this.addSql(`create trigger "webhook_on_update" after update on "site_settings" referencing new table as changed_rows for each statement execute function webhook_enqueue_content_change('site-settings');`);
    this.addSql(`create trigger "webhook_on_delete" after delete on "site_settings" referencing old table as changed_rows for each statement execute function webhook_enqueue_content_change('site-settings');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "stamp_updated_at" on "pages";`);
    this.addSql(`drop function if exists "pages_stamp_updated_at_fn"();`);
    this.addSql(`drop trigger if exists "make_missing_slug" on "pages";`);
    this.addSql(`drop function if exists "pages_make_missing_slug_fn"();`);
    this.addSql(`drop trigger if exists "keep_slug_redirects" on "pages";`);
    this.addSql(`drop function if exists "pages_keep_slug_redirects_fn"();`);
    this.addSql(`drop trigger if exists "bump_content_revision" on "pages";`);
    this.addSql(`drop function if exists "pages_bump_content_revision_fn"();`);
    this.addSql(`drop trigger if exists "webhook_on_insert" on "pages";`);
    this.addSql(`drop function if exists "pages_webhook_on_insert_fn"();`);
    this.addSql(`drop trigger if exists "webhook_on_update" on "pages";`);
    this.addSql(`drop function if exists "pages_webhook_on_update_fn"();`);
    this.addSql(`drop trigger if exists "webhook_on_delete" on "pages";`);
    this.addSql(`drop function if exists "pages_webhook_on_delete_fn"();`);
    this.addSql(`drop table if exists "pages" cascade;`);
    this.addSql(`drop trigger if exists "bump_content_revision" on "site_settings";`);
    this.addSql(`drop function if exists "site_settings_bump_content_revision_fn"();`);
    this.addSql(`drop trigger if exists "webhook_on_insert" on "site_settings";`);
    this.addSql(`drop function if exists "site_settings_webhook_on_insert_fn"();`);
    this.addSql(`drop trigger if exists "webhook_on_update" on "site_settings";`);
    this.addSql(`drop function if exists "site_settings_webhook_on_update_fn"();`);
    this.addSql(`drop trigger if exists "webhook_on_delete" on "site_settings";`);
    this.addSql(`drop function if exists "site_settings_webhook_on_delete_fn"();`);
    this.addSql(`drop table if exists "site_settings" cascade;`);
  }

}
