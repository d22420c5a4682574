// Admin accounts from the command line, against the same database as the server (DATA_DIR or
// DATABASE_URL; joins the embedded PostgreSQL when the server is running):
//   npm run admin -- create <username> [--password <password>]
//   npm run admin -- reset-password <username> [--password <password>]
// Without --password a random one is generated and printed.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { runWithDatabase } from '../db/startup.js';
import { createLogger } from '../shared/logger.js';
import { generatePassword, hashPassword } from './passwords.js';
import { User } from './user.entity.js';

const USAGE = 'usage: npm run admin -- <create|reset-password> <username> [--password <password>]';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { password: { type: 'string' } },
});
const [command, username] = positionals;
if (!['create', 'reset-password'].includes(command) || !username?.trim()) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const logger = createLogger({ logLevel: 'warn' });
await runWithDatabase(() => openDatabase(config, logger), { logger }, async (orm) => {
  let exitCode = 0;
  const em = orm.em.fork();
  const password = values.password ?? generatePassword();
  const existing = await em.findOne(User, { username: username.trim() });
  if (command === 'create') {
    if (existing) {
      console.error(`User "${username}" already exists; use reset-password.`);
      exitCode = 1;
    } else {
      em.create(User, { username: username.trim(), passwordHash: await hashPassword(password) });
    }
  } else if (!existing) {
    console.error(`No user "${username}".`);
    exitCode = 1;
  } else {
    existing.passwordHash = await hashPassword(password);
  }
  await em.flush();
  if (exitCode === 0) {
    const what = command === 'create' ? 'Created admin' : 'Reset the password of';
    console.log(`${what} "${username.trim()}".${values.password ? '' : ` Password: ${password}`}`);
  }
  return exitCode;
});
