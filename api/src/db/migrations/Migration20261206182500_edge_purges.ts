import { Migration } from '@mikro-orm/migrations';

/**
 * The edge purge queue (edge/edge-purge.entity.ts). Its function and the triggers that fill it
 * from every content table are (re)created after the migrations, from the registry
 * (db/content-triggers.ts), like the webhook outbox's.
 */
export class Migration20261206182500_edge_purges extends Migration {

  override name = 'Migration20261206182500_edge_purges';

  override up(): void | Promise<void> {
    this.addSql(`create table "edge_purges" ("id" bigserial primary key, "created_at" timestamptz not null default now(), "tags" text[] not null, "status" text not null default 'pending', "attempts" int not null default 0, "next_attempt_at" timestamptz not null default now(), "delivered_at" timestamptz null, "last_error" text null);`);
    this.addSql(`create index "edge_purges_due_index" on "edge_purges" ("next_attempt_at", "id") where "status" = 'pending';`);
    this.addSql(`create index "edge_purges_status_created_at_index" on "edge_purges" ("status", "created_at");`);
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
