import type { EntityManager } from '@mikro-orm/postgresql';
import { initialRecord } from '@consulting/model';
import type { Logger } from 'pino';
import { generatePassword, hashPassword } from '../../auth/passwords.js';
import { User } from '../../auth/user.entity.js';
import type { Config } from '../../config.js';
import { recordUnlistedChanges } from '../../content/history/history.service.js';
import { singletons } from '../../content/registry.js';

// What a fresh installation needs to show a page and be edited: each singleton's first record
// (its declaration's `initial` values and defaults) and the first admin. Each step runs only when
// its table is empty, so starting again changes nothing.

export async function seedFirstStartContent(em: EntityManager): Promise<void> {
  let created = false;
  for (const singleton of singletons) {
    if ((await em.count(singleton.entity)) > 0) continue;
    created = true;
    em.create(singleton.entity, initialRecord(singleton.type));
  }
  await em.flush();
  // Their first state heads their history, so an editor can always go back to it.
  if (created) await recordUnlistedChanges(em);
}

/**
 * Creates the first admin when there is no user: ADMIN_USERNAME / ADMIN_PASSWORD, or `admin`
 * with a random password, which is logged this once and never again.
 */
export async function seedFirstAdmin(em: EntityManager, config: Config, logger: Logger): Promise<void> {
  if ((await em.count(User)) > 0) return;
  const password = config.adminPassword ?? generatePassword();
  em.create(User, { username: config.adminUsername, passwordHash: await hashPassword(password) });
  await em.flush();
  if (config.adminPassword) {
    logger.info({ username: config.adminUsername }, 'created the first admin with ADMIN_PASSWORD');
  } else {
    logger.warn(
      `First admin created. Username: ${config.adminUsername}  Password: ${password}  ` +
        '(shown only this once; change it with: npm run admin -- reset-password ' +
        `${config.adminUsername})`,
    );
  }
}
