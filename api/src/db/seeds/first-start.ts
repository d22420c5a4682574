import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_YEAR_ESTABLISHED } from '@consulting/model';
import type { Logger } from 'pino';
import { generatePassword, hashPassword } from '../../auth/passwords.js';
import { User } from '../../auth/user.entity.js';
import type { Config } from '../../config.js';
import { recordUnlistedChanges } from '../../content/history/history.service.js';
import { LandingContent } from '../../content/landing-content/landing-content.entity.js';
import { Statistics } from '../../content/statistics/statistics.entity.js';

// What a fresh installation needs to show a page and be edited: the two singletons and the
// first admin. Each step runs only when its table is empty, so starting again changes nothing.

export async function seedFirstStartContent(em: EntityManager): Promise<void> {
  let created = false;
  if ((await em.count(LandingContent)) === 0) {
    created = true;
    em.create(LandingContent, {
      heroTagline: 'Strategy that turns ambition into results',
      heroSubtitle:
        'We help governments, companies and institutions plan, reform and grow, from the first feasibility study to the last milestone.',
      companyDescription:
        'We are an independent consulting firm founded in 2011. Our consultants combine public-sector reform, corporate strategy, market research and technology expertise to deliver practical advice and see it through to implementation.',
    });
  }
  if ((await em.count(Statistics)) === 0) {
    created = true;
    em.create(Statistics, { yearEstablished: DEFAULT_YEAR_ESTABLISHED, expertCount: 0, projectCount: 0, partnerCount: 0 });
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
