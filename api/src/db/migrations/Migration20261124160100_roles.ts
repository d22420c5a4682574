import { Migration } from '@mikro-orm/migrations';

/** Roles (auth/permissions.ts): every account made before them is an admin. */

export class Migration20261124160100_roles extends Migration {

  override name = 'Migration20261124160100_roles';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add column "role" text not null default 'admin';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop column "role";`);
  }

}
