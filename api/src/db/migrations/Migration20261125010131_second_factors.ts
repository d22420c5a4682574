import { Migration } from '@mikro-orm/migrations';

export class Migration20261125010131_second_factors extends Migration {

  override name = 'Migration20261125010131_second_factors';

  override up(): void | Promise<void> {
    this.addSql(`create table "auth_policy" ("id" int not null default 1, "require_second_factor" boolean not null default false, "updated_at" timestamptz null, primary key ("id"));`);

    this.addSql(`create table "spent_nonces" ("nonce" text not null, "expires_at" timestamptz not null, primary key ("nonce"));`);
    this.addSql(`create index "spent_nonces_expires_at_index" on "spent_nonces" ("expires_at");`);

    this.addSql(`create table "recovery_codes" ("id" serial primary key, "user_id" uuid not null, "code_hash" text not null, "created_at" timestamptz not null default now(), "used_at" timestamptz null);`);
    this.addSql(`create index "recovery_codes_user_id_index" on "recovery_codes" ("user_id");`);
    this.addSql(`alter table "recovery_codes" add constraint "recovery_codes_user_code_unique" unique ("user_id", "code_hash");`);

    this.addSql(`create table "passkeys" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "credential_id" text not null, "public_key" bytea not null, "counter" bigint not null, "transports" jsonb null, "name" text not null, "backed_up" boolean not null default false, "created_at" timestamptz not null default now(), "last_used_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "passkeys_user_id_index" on "passkeys" ("user_id");`);
    this.addSql(`alter table "passkeys" add constraint "passkeys_credential_id_unique" unique ("credential_id");`);

    this.addSql(`create table "known_browsers" ("user_id" uuid not null, "browser_hash" text not null, "last_signed_in_at" timestamptz not null, primary key ("user_id", "browser_hash"));`);

    this.addSql(`alter table "users" add "totp_secret" text null, add "totp_pending_secret" text null, add "totp_pending_at" timestamptz null, add "totp_last_step" bigint null, add "totp_enabled_at" timestamptz null;`);

    this.addSql(`alter table "auth_policy" add constraint "auth_policy_single_row" check (id = 1);`);

    this.addSql(`alter table "recovery_codes" add constraint "recovery_codes_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "passkeys" add constraint "passkeys_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "known_browsers" add constraint "known_browsers_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "auth_policy" cascade;`);
    this.addSql(`drop table if exists "spent_nonces" cascade;`);
    this.addSql(`drop table if exists "recovery_codes" cascade;`);
    this.addSql(`drop table if exists "passkeys" cascade;`);
    this.addSql(`drop table if exists "known_browsers" cascade;`);

    this.addSql(`alter table "users" drop column "totp_secret", drop column "totp_pending_secret", drop column "totp_pending_at", drop column "totp_last_step", drop column "totp_enabled_at";`);
  }

}
