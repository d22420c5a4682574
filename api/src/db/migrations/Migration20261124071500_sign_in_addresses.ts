import { Migration } from '@mikro-orm/migrations';

/** Addresses each account signed in from, hashed (auth/sign-in-address.entity.ts, auth/known-addresses.ts). */

export class Migration20261124071500_sign_in_addresses extends Migration {

  override name = 'Migration20261124071500_sign_in_addresses';

  override up(): void | Promise<void> {
    this.addSql(`create table "sign_in_addresses" ("user_id" uuid not null, "address_hash" text not null, "last_signed_in_at" timestamptz not null, primary key ("user_id", "address_hash"));`);
    this.addSql(`alter table "sign_in_addresses" add constraint "sign_in_addresses_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "sign_in_addresses" cascade;`);
  }

}
