import { Migration } from '@mikro-orm/migrations';

export class Migration20261123190428_last_sign_in extends Migration {

  override name = 'Migration20261123190428_last_sign_in';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add "last_sign_in_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop column "last_sign_in_at";`);
  }

}
