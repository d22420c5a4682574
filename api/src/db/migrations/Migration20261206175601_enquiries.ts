import { Migration } from '@mikro-orm/migrations';

/**
 * Enquiries from the public form (enquiries/enquiry.entity.ts): the messages (newest-first index,
 * the inbox search's trigram and grams indexes), the hourly attempt buckets of the intake limits,
 * and the proof-of-work challenges already used.
 */

export class Migration20261206175601_enquiries extends Migration {

  override name = 'Migration20261206175601_enquiries';

  override up(): void | Promise<void> {
    this.addSql(`create table "enquiries" ("id" serial primary key, "created_at" timestamptz not null default now(), "name" text not null, "email" text not null, "organisation" text null, "service" text not null, "message" text not null, "consent_text" text not null, "client_hash" text not null, "handled_at" timestamptz null, "handled_by" text null, "deleted_at" timestamptz null);`);
    this.addSql(`create index "enquiries_search_grams_index" on "enquiries" using gin (array_remove(regexp_split_to_array(lower((coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("organisation", '') || ' ' || coalesce("message", ''))), '') || string_to_array(regexp_replace(lower((coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("organisation", '') || ' ' || coalesce("message", ''))), '(..)', '\\1' || chr(1), 'g'), chr(1)) || string_to_array(regexp_replace(substr(lower((coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("organisation", '') || ' ' || coalesce("message", ''))), 2), '(..)', '\\1' || chr(1), 'g'), chr(1)), ''));`);
    this.addSql(`create index "enquiries_search_index" on "enquiries" using gin ((coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("organisation", '') || ' ' || coalesce("message", '')) gin_trgm_ops);`);
    this.addSql(`create index "enquiries_created_at_index" on "enquiries" ("created_at" desc, "id" desc);`);

    this.addSql(`create table "enquiry_attempts" ("key" text not null, "attempts" int not null, "window_started_at" timestamptz not null, primary key ("key"));`);

    this.addSql(`create table "enquiry_spent_challenges" ("signature" text not null, "expires_at" timestamptz not null, primary key ("signature"));`);
    this.addSql(`create index "enquiry_spent_challenges_expires_at_index" on "enquiry_spent_challenges" ("expires_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "enquiries" cascade;`);
    this.addSql(`drop table if exists "enquiry_attempts" cascade;`);
    this.addSql(`drop table if exists "enquiry_spent_challenges" cascade;`);
  }

}
