import { Migration } from '@mikro-orm/migrations';

/** Scheduled jobs (jobs/scheduled-job.entity.ts): publish and unpublish at a time, daily retention. */

export class Migration20261124160300_scheduled_jobs extends Migration {

  override name = 'Migration20261124160300_scheduled_jobs';

  override up(): void | Promise<void> {
    this.addSql(`create table "scheduled_jobs" ("id" bigserial primary key, "kind" text not null, "collection" text null, "record_id" int null, "run_at" timestamptz not null, "state" text not null default 'pending', "created_at" timestamptz not null default now(), "created_by" uuid null, "created_by_name" text null, "ran_at" timestamptz null, "late_ms" int null, "error" text null);`);
    this.addSql(`create index "scheduled_jobs_due_index" on "scheduled_jobs" ("run_at", "id") where "state" = 'pending';`);
    this.addSql(`create unique index "scheduled_jobs_pending_record_index" on "scheduled_jobs" ("kind", "collection", "record_id") where "state" = 'pending' and "collection" is not null;`);
    this.addSql(`create unique index "scheduled_jobs_pending_system_index" on "scheduled_jobs" ("kind") where "state" = 'pending' and "collection" is null;`);
    this.addSql(`create index "scheduled_jobs_record_index" on "scheduled_jobs" ("collection", "record_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "scheduled_jobs" cascade;`);
  }

}
