import { Migration } from '@mikro-orm/migrations';

/**
 * The edge purge queue (edge/edge-purge.entity.ts). The triggers that fill it from every content
 * table are (re)created after the migrations, from the registry (db/content-triggers.ts), like the
 * webhook outbox's, and so is its function; the function is also created here, as it was then, so
 * a later migration that creates a content table with its triggers finds it (as the webhooks
 * migration does for webhook_enqueue_content_change).
 */
export class Migration20261206182500_edge_purges extends Migration {

  override name = 'Migration20261206182500_edge_purges';

  override up(): void | Promise<void> {
    this.addSql(`create table "edge_purges" ("id" bigserial primary key, "created_at" timestamptz not null default now(), "tags" text[] not null, "status" text not null default 'pending', "attempts" int not null default 0, "next_attempt_at" timestamptz not null default now(), "delivered_at" timestamptz null, "last_error" text null);`);
    this.addSql(`create index "edge_purges_due_index" on "edge_purges" ("next_attempt_at", "id") where "status" = 'pending';`);
    this.addSql(`create index "edge_purges_status_created_at_index" on "edge_purges" ("status", "created_at");`);
    this.addSql(`create or replace function edge_purge_enqueue() returns trigger language plpgsql as $$
declare
  changed_type text := TG_ARGV[0];
  changed_count int;
  record_tags text[];
begin
  if TG_OP = 'TRUNCATE' then
    insert into edge_purges (tags) values (array['all']);
    return null;
  end if;
  select count(*)::int, array_agg('r:' || changed_type || ':' || r.id order by r.id) into changed_count, record_tags from changed_rows r;
  if changed_count = 0 then
    return null;
  elsif changed_count > 1000 then
    insert into edge_purges (tags) values (array['all']);
  else
    insert into edge_purges (tags) values (array['t:' || changed_type] || record_tags);
  end if;
  return null;
end $$;`);
  }

  override down(): void | Promise<void> {
    // The content tables' purge triggers go first: they would write into a missing table.
    this.addSql(`do $$ declare t record; begin
  for t in select c.relname as table_name, g.tgname as trigger_name from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname like 'edge\\_purge\\_on\\_%' loop
    execute format('drop trigger if exists %I on %I', t.trigger_name, t.table_name);
  end loop;
end $$;`);
    this.addSql(`drop function if exists edge_purge_enqueue();`);
    this.addSql(`drop table if exists "edge_purges" cascade;`);
  }

}
