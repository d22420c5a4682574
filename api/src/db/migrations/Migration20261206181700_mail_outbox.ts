import { Migration } from '@mikro-orm/migrations';

/**
 * The mail outbox (mail/mail-outbox.entity.ts) the enquiry notifications are sent from, and the
 * payload a webhook delivery carries besides its envelope (`enquiry.created`: the enquiry).
 */

export class Migration20261206181700_mail_outbox extends Migration {

  override name = 'Migration20261206181700_mail_outbox';

  override up(): void | Promise<void> {
    this.addSql(`create table "mail_outbox" ("id" bigserial primary key, "created_at" timestamptz not null default now(), "status" text not null default 'pending', "attempts" int not null default 0, "next_attempt_at" timestamptz not null default now(), "last_error" text null, "sent_at" timestamptz null, "to" text not null, "reply_to" text null, "subject" text not null, "text_body" text not null, "html_body" text null, "topic" text null, "topic_id" int null);`);
    this.addSql(`create index "mail_outbox_due_index" on "mail_outbox" ("next_attempt_at", "id") where "status" = 'pending';`);
    this.addSql(`create index "mail_outbox_status_created_at_index" on "mail_outbox" ("status", "created_at");`);

    this.addSql(`alter table "webhook_deliveries" add column "payload" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "mail_outbox" cascade;`);
    this.addSql(`alter table "webhook_deliveries" drop column if exists "payload";`);
  }

}
