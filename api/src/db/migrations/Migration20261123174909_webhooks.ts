import { Migration } from '@mikro-orm/migrations';
import { webhookTriggerSql } from '../../webhooks/webhook.entities.js';

/** The content tables as of this migration. */
const CONTENT_TABLES = ['brands', 'clients', 'contact_info', 'countries', 'landing_content', 'news', 'statistics', 'team_members'];

const TRANSITION_TABLES = [
  ['insert', 'new table as changed_rows'],
  ['update', 'new table as changed_rows'],
  ['delete', 'old table as changed_rows'],
] as const;

/**
 * Webhooks (webhooks/webhook.entities.ts): endpoints, the outbox of deliveries, the attempt log,
 * and on every content table statement-level triggers that queue one delivery per changed row
 * and matching active endpoint, inside the writing transaction. Tables generated from the
 * entities; the function and triggers written by hand (transition tables, TRUNCATE).
 */
export class Migration20261123174909_webhooks extends Migration {

  override name = 'Migration20261123174909_webhooks';

  override up(): void | Promise<void> {
    this.addSql(`create table "webhook_endpoints" ("id" serial primary key, "url" text not null, "secret" text not null, "collections" jsonb not null, "active" boolean not null, "created_at" timestamptz not null default now());`);

    this.addSql(`create table "webhook_deliveries" ("id" bigserial primary key, "endpoint_id" int not null, "event_id" uuid not null default gen_random_uuid(), "event" text not null, "collection" text null, "record_id" int null, "action" text not null, "revision" bigint not null, "occurred_at" timestamptz not null default now(), "status" text not null default 'pending', "attempts" int not null default 0, "next_attempt_at" timestamptz not null default now(), "delivered_at" timestamptz null, "last_status_code" int null, "last_latency_ms" int null, "last_error" text null);`);
    this.addSql(`create index "webhook_deliveries_endpoint_id_index" on "webhook_deliveries" ("endpoint_id");`);
    this.addSql(`create index "webhook_deliveries_due_idx" on "webhook_deliveries" ("status", "next_attempt_at");`);

    this.addSql(`create table "webhook_attempts" ("id" bigserial primary key, "delivery_id" bigint not null, "attempted_at" timestamptz not null default now(), "status_code" int null, "latency_ms" int not null, "error" text null);`);
    this.addSql(`create index "webhook_attempts_delivery_id_index" on "webhook_attempts" ("delivery_id");`);

    this.addSql(`alter table "webhook_deliveries" add constraint "webhook_deliveries_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoints" ("id") on delete cascade;`);

    this.addSql(`alter table "webhook_attempts" add constraint "webhook_attempts_delivery_id_foreign" foreign key ("delivery_id") references "webhook_deliveries" ("id") on delete cascade;`);

    // The REST name of the table ('team_members' -> 'team-members') is the event's collection.
    // It reads the revision after bump_content_revision ran (it fires first: same timing,
    // triggers fire in name order), so the event carries the revision of this very change.
    this.addSql(`create or replace function webhook_enqueue_content_change() returns trigger language plpgsql as $$
declare
  changed_collection text := replace(TG_TABLE_NAME, '_', '-');
  current_revision bigint;
  change_action text := case TG_OP when 'INSERT' then 'created' when 'UPDATE' then 'updated' when 'DELETE' then 'deleted' else 'truncated' end;
begin
  if not exists (select 1 from webhook_endpoints where active) then
    return null;
  end if;
  select coalesce((select revision from content_revision where id = 1), 0) into current_revision;
  if TG_OP = 'TRUNCATE' then
    insert into webhook_deliveries (endpoint_id, event, collection, record_id, action, revision)
    select e.id, 'content.changed', changed_collection, null, change_action, current_revision
    from webhook_endpoints e
    where e.active and (jsonb_array_length(e.collections) = 0 or e.collections @> jsonb_build_array(changed_collection));
  else
    insert into webhook_deliveries (endpoint_id, event, collection, record_id, action, revision)
    select e.id, 'content.changed', changed_collection, r.id, change_action, current_revision
    from changed_rows r cross join webhook_endpoints e
    where e.active and (jsonb_array_length(e.collections) = 0 or e.collections @> jsonb_build_array(changed_collection))
    order by r.id, e.id;
  end if;
  return null;
end $$;`);

    for (const table of CONTENT_TABLES) {
      for (const [event, referencing] of TRANSITION_TABLES) this.addSql(`${webhookTriggerSql(table, event, referencing)};`);
      // Not introspected by MikroORM (information_schema.triggers omits TRUNCATE), so not on the entities.
      this.addSql(`create trigger "webhook_on_truncate" after truncate on "${table}" for each statement execute function webhook_enqueue_content_change();`);
    }
  }

  override down(): void | Promise<void> {
    for (const table of CONTENT_TABLES) {
      for (const event of ['insert', 'update', 'delete', 'truncate']) this.addSql(`drop trigger if exists "webhook_on_${event}" on "${table}";`);
    }
    this.addSql(`drop function if exists webhook_enqueue_content_change();`);
    this.addSql(`drop table if exists "webhook_attempts" cascade;`);
    this.addSql(`drop table if exists "webhook_deliveries" cascade;`);
    this.addSql(`drop table if exists "webhook_endpoints" cascade;`);
  }

}
