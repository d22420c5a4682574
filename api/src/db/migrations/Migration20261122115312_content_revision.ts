import { Migration } from '@mikro-orm/migrations';

/** The content tables as of this migration (entities.ts says which tables are content). */
const CONTENT_TABLES = ['brands', 'clients', 'contact_info', 'countries', 'landing_content', 'news', 'statistics', 'team_members'];

/**
 * The content revision (see site/content-revision.entity.ts): a one-row table and, on every content
 * table, a statement-level trigger that bumps it inside the writing transaction. Generated from the
 * entities (`npm run migration:create`), plus the seeded row and the TRUNCATE triggers.
 */
export class Migration20261122115312_content_revision extends Migration {

  override name = 'Migration20261122115312_content_revision';

  override up(): void | Promise<void> {
    this.addSql(`create table "content_revision" ("id" int not null, "revision" bigint not null, primary key ("id"));`);
    this.addSql(`insert into "content_revision" ("id", "revision") values (1, 0);`);

    this.addSql(`create or replace function "brands_bump_content_revision_fn"() returns trigger as \$\$ begin update content_revision set revision = revision + 1 where id = 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "bump_content_revision" AFTER INSERT OR UPDATE OR DELETE on "brands" for each STATEMENT execute function "brands_bump_content_revision_fn"();`);

    this.addSql(`create or replace function "clients_bump_content_revision_fn"() returns trigger as \$\$ begin update content_revision set revision = revision + 1 where id = 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "bump_content_revision" AFTER INSERT OR UPDATE OR DELETE on "clients" for each STATEMENT execute function "clients_bump_content_revision_fn"();`);

    this.addSql(`create or replace function "contact_info_bump_content_revision_fn"() returns trigger as \$\$ begin update content_revision set revision = revision + 1 where id = 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "bump_content_revision" AFTER INSERT OR UPDATE OR DELETE on "contact_info" for each STATEMENT execute function "contact_info_bump_content_revision_fn"();`);

    this.addSql(`create or replace function "countries_bump_content_revision_fn"() returns trigger as \$\$ begin update content_revision set revision = revision + 1 where id = 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "bump_content_revision" AFTER INSERT OR UPDATE OR DELETE on "countries" for each STATEMENT execute function "countries_bump_content_revision_fn"();`);

    this.addSql(`create or replace function "landing_content_bump_content_revision_fn"() returns trigger as \$\$ begin update content_revision set revision = revision + 1 where id = 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "bump_content_revision" AFTER INSERT OR UPDATE OR DELETE on "landing_content" for each STATEMENT execute function "landing_content_bump_content_revision_fn"();`);

    this.addSql(`create or replace function "news_bump_content_revision_fn"() returns trigger as \$\$ begin update content_revision set revision = revision + 1 where id = 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "bump_content_revision" AFTER INSERT OR UPDATE OR DELETE on "news" for each STATEMENT execute function "news_bump_content_revision_fn"();`);

    this.addSql(`create or replace function "statistics_bump_content_revision_fn"() returns trigger as \$\$ begin update content_revision set revision = revision + 1 where id = 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "bump_content_revision" AFTER INSERT OR UPDATE OR DELETE on "statistics" for each STATEMENT execute function "statistics_bump_content_revision_fn"();`);

    this.addSql(`create or replace function "team_members_bump_content_revision_fn"() returns trigger as \$\$ begin update content_revision set revision = revision + 1 where id = 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "bump_content_revision" AFTER INSERT OR UPDATE OR DELETE on "team_members" for each STATEMENT execute function "team_members_bump_content_revision_fn"();`);

    // TRUNCATE too (e.g. from psql). Not declared on the entities: MikroORM reads triggers from
    // information_schema.triggers, which does not list TRUNCATE triggers, so it neither sees nor diffs these.
    for (const table of CONTENT_TABLES) {
      this.addSql(`create trigger "bump_content_revision_on_truncate" AFTER TRUNCATE on "${table}" for each STATEMENT execute function "${table}_bump_content_revision_fn"();`);
    }
  }

  override down(): void | Promise<void> {
    for (const table of CONTENT_TABLES) {
      this.addSql(`drop trigger if exists "bump_content_revision_on_truncate" on "${table}";`);
    }

    this.addSql(`drop trigger if exists "bump_content_revision" on "brands";`);
    this.addSql(`drop function if exists "brands_bump_content_revision_fn"();`);

    this.addSql(`drop trigger if exists "bump_content_revision" on "clients";`);
    this.addSql(`drop function if exists "clients_bump_content_revision_fn"();`);

    this.addSql(`drop trigger if exists "bump_content_revision" on "contact_info";`);
    this.addSql(`drop function if exists "contact_info_bump_content_revision_fn"();`);

    this.addSql(`drop trigger if exists "bump_content_revision" on "countries";`);
    this.addSql(`drop function if exists "countries_bump_content_revision_fn"();`);

    this.addSql(`drop trigger if exists "bump_content_revision" on "landing_content";`);
    this.addSql(`drop function if exists "landing_content_bump_content_revision_fn"();`);

    this.addSql(`drop trigger if exists "bump_content_revision" on "news";`);
    this.addSql(`drop function if exists "news_bump_content_revision_fn"();`);

    this.addSql(`drop trigger if exists "bump_content_revision" on "statistics";`);
    this.addSql(`drop function if exists "statistics_bump_content_revision_fn"();`);

    this.addSql(`drop trigger if exists "bump_content_revision" on "team_members";`);
    this.addSql(`drop function if exists "team_members_bump_content_revision_fn"();`);

    this.addSql(`drop table if exists "content_revision" cascade;`);
  }

}
