import { Migration } from '@mikro-orm/migrations';
import { usernameSkeleton } from '../../auth/username-skeleton.js';

/**
 * users.username_skeleton (auth/username-skeleton.ts), unique: look-alike usernames cannot both
 * exist. Filled here for the existing accounts, oldest first; one that looks like an older one
 * keeps null (it stays, and the auth service compares it by its username).
 */

export class Migration20261124072000_username_skeleton extends Migration {

  override name = 'Migration20261124072000_username_skeleton';

  override async up(): Promise<void> {
    await this.execute(`alter table "users" add "username_skeleton" text null;`);
    const users = (await this.execute(`select "id", "username" from "users" order by "created_at", "username"`)) as Array<{ id: string; username: string }>;
    const taken = new Set<string>();
    for (const { id, username } of users) {
      const key = usernameSkeleton(username);
      if (taken.has(key)) continue;
      taken.add(key);
      await this.execute(`update "users" set "username_skeleton" = ? where "id" = ?`, [key, id]);
    }
    await this.execute(`alter table "users" add constraint "users_username_skeleton_unique" unique ("username_skeleton");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop constraint "users_username_skeleton_unique";`);
    this.addSql(`alter table "users" drop column "username_skeleton";`);
  }

}
