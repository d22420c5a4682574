import { Migration } from '@mikro-orm/migrations';
import { richTextFromPlainText } from '@consulting/model';
import { slugOf } from '../../content/pages/slugs.js';

/**
 * Pages of their own for news articles and client projects, and rich text: a unique slug per item
 * (made from its title, as the services make them), the old slugs' redirects, the time of the last
 * change, the page's title and description, and the rich documents. Today's plain-text article
 * content becomes paragraphs with no loss (plainTextOf gives the same text back); the plain text
 * stays beside the document, as the REST contract's `content`.
 */
export class Migration20261124190000_own_pages_rich_text extends Migration {

  override name = 'Migration20261124190000_own_pages_rich_text';

  /** Each row's slug from its title, unique (in display order: the first keeps the plain one). */
  private async fillSlugs(table: 'news' | 'clients'): Promise<void> {
    const rows = (await this.execute(`select id, title from "${table}" order by display_order, id`)) as { id: number; title: string }[];
    const taken = new Set<string>(['page', 'feed']);
    for (const row of rows) {
      const base = slugOf(row.title) || table;
      let slug = base;
      for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
      taken.add(slug);
      this.addSql(`update "${table}" set "slug" = '${slug.replaceAll("'", "''")}' where id = ${Number(row.id)};`);
    }
  }

  /** Each article's plain text as paragraphs (blank lines between them, line breaks inside kept). */
  private async fillDocuments(): Promise<void> {
    const rows = (await this.execute(`select id, content from "news" where content is not null`)) as { id: number; content: string }[];
    for (const row of rows) {
      const doc = richTextFromPlainText(row.content);
      if (doc) this.addSql(`update "news" set "content_document" = '${JSON.stringify(doc).replaceAll("'", "''")}'::jsonb where id = ${Number(row.id)};`);
    }
  }

  override async up(): Promise<void> {
    this.addSql(`create table "slug_redirects" ("collection" text not null, "old_slug" text not null, "record_id" int not null, "created_at" timestamptz not null default now(), primary key ("collection", "old_slug"));`);
    this.addSql(`create index "slug_redirects_record_id_index" on "slug_redirects" ("record_id");`);

    this.addSql(`alter table "clients" add "slug" text null, add "story" text null, add "story_document" jsonb null, add "page_title" text null, add "page_description" text null, add "updated_at" timestamptz not null default now();`);
    await this.fillSlugs('clients');
    this.addSql(`alter table "clients" alter column "slug" set not null, alter column "slug" set default '';`);
    this.addSql(`alter table "clients" add constraint "clients_slug_unique" unique ("slug");`);
    this.addSql(`create or replace function "clients_stamp_updated_at_fn"() returns trigger as \$\$ begin if new.updated_at is not distinct from old.updated_at then new.updated_at = now(); end if; return new; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "stamp_updated_at" BEFORE UPDATE on "clients" for each ROW execute function "clients_stamp_updated_at_fn"();`);
    this.addSql(`create or replace function "clients_make_missing_slug_fn"() returns trigger as \$\$ begin if new.slug is null or new.slug = '' then new.slug := trim(both '-' from left(trim(both '-' from regexp_replace(lower(coalesce(new."title"::text, '')), '[^a-z0-9]+', '-', 'g')), 80)); if new.slug = '' or new.slug in ('page', 'feed') or exists (select 1 from "clients" where slug = new.slug) then new.slug := (case when new.slug = '' then 'clients' else new.slug end) || '-' || new.id; end if; end if; return new; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "make_missing_slug" BEFORE INSERT on "clients" for each ROW execute function "clients_make_missing_slug_fn"();`);
    this.addSql(`create or replace function "clients_keep_slug_redirects_fn"() returns trigger as \$\$ begin if tg_op = 'UPDATE' and old.slug is distinct from new.slug then insert into slug_redirects (collection, old_slug, record_id) values ('clients', old.slug, new.id) on conflict (collection, old_slug) do update set record_id = excluded.record_id, created_at = now(); end if; delete from slug_redirects where collection = 'clients' and old_slug = new.slug; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "keep_slug_redirects" AFTER INSERT OR UPDATE on "clients" for each ROW execute function "clients_keep_slug_redirects_fn"();`);

    this.addSql(`alter table "news" add "slug" text null, add "content_document" jsonb null, add "page_title" text null, add "page_description" text null, add "updated_at" timestamptz not null default now();`);
    await this.fillSlugs('news');
    this.addSql(`alter table "news" alter column "slug" set not null, alter column "slug" set default '';`);
    this.addSql(`alter table "news" add constraint "news_slug_unique" unique ("slug");`);
    await this.fillDocuments();
    this.addSql(`create or replace function "news_stamp_updated_at_fn"() returns trigger as \$\$ begin if new.updated_at is not distinct from old.updated_at then new.updated_at = now(); end if; return new; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "stamp_updated_at" BEFORE UPDATE on "news" for each ROW execute function "news_stamp_updated_at_fn"();`);
    this.addSql(`create or replace function "news_make_missing_slug_fn"() returns trigger as \$\$ begin if new.slug is null or new.slug = '' then new.slug := trim(both '-' from left(trim(both '-' from regexp_replace(lower(coalesce(new."title"::text, '')), '[^a-z0-9]+', '-', 'g')), 80)); if new.slug = '' or new.slug in ('page', 'feed') or exists (select 1 from "news" where slug = new.slug) then new.slug := (case when new.slug = '' then 'news' else new.slug end) || '-' || new.id; end if; end if; return new; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "make_missing_slug" BEFORE INSERT on "news" for each ROW execute function "news_make_missing_slug_fn"();`);
    this.addSql(`create or replace function "news_keep_slug_redirects_fn"() returns trigger as \$\$ begin if tg_op = 'UPDATE' and old.slug is distinct from new.slug then insert into slug_redirects (collection, old_slug, record_id) values ('news', old.slug, new.id) on conflict (collection, old_slug) do update set record_id = excluded.record_id, created_at = now(); end if; delete from slug_redirects where collection = 'news' and old_slug = new.slug; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "keep_slug_redirects" AFTER INSERT OR UPDATE on "news" for each ROW execute function "news_keep_slug_redirects_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "slug_redirects" cascade;`);

    this.addSql(`alter table "clients" drop constraint "clients_slug_unique";`);
    this.addSql(`drop trigger if exists "stamp_updated_at" on "clients";`);
    this.addSql(`drop function if exists "clients_stamp_updated_at_fn"();`);
    this.addSql(`drop trigger if exists "make_missing_slug" on "clients";`);
    this.addSql(`drop function if exists "clients_make_missing_slug_fn"();`);
    this.addSql(`drop trigger if exists "keep_slug_redirects" on "clients";`);
    this.addSql(`drop function if exists "clients_keep_slug_redirects_fn"();`);
    this.addSql(`alter table "clients" drop column "slug", drop column "story", drop column "story_document", drop column "page_title", drop column "page_description", drop column "updated_at";`);

    this.addSql(`alter table "news" drop constraint "news_slug_unique";`);
    this.addSql(`drop trigger if exists "stamp_updated_at" on "news";`);
    this.addSql(`drop function if exists "news_stamp_updated_at_fn"();`);
    this.addSql(`drop trigger if exists "make_missing_slug" on "news";`);
    this.addSql(`drop function if exists "news_make_missing_slug_fn"();`);
    this.addSql(`drop trigger if exists "keep_slug_redirects" on "news";`);
    this.addSql(`drop function if exists "news_keep_slug_redirects_fn"();`);
    this.addSql(`alter table "news" drop column "slug", drop column "content_document", drop column "page_title", drop column "page_description", drop column "updated_at";`);
  }

}
