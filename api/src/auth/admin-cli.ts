// Admin accounts from the command line, against the same database as the server (DATA_DIR or
// DATABASE_URL; joins the embedded PostgreSQL when the server is running):
//   npm run admin -- create <username> [--password <password>] [--role admin|editor|contributor]
//   npm run admin -- set-role <username> --role admin|editor|contributor
//   npm run admin -- reset-password <username> [--password <password>]
//   npm run admin -- delete <username>
//   npm run admin -- reset-second-factor <username>
// Without --password a random one is generated and printed. Everything goes through the auth
// service: the same username and password rules as anywhere, and a reset or removal ends the
// user's sessions. reset-second-factor removes the account's authenticator app, passkeys and
// recovery codes (it lost them) and ends its sessions: the password alone signs in again.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { runWithDatabase } from '../db/startup.js';
import { AppError, ValidationFailed } from '../shared/errors.js';
import { createLogger } from '../shared/logger.js';
import { COMMAND_LINE, createUser, deleteUser, resetPassword, setRoleByUsername } from './accounts.service.js';
import { describeReset, resetSecondFactors } from './factors/reset.js';
import { ROLE_LABELS, type Role } from './permissions.js';

const USAGE = 'usage: npm run admin -- <create|reset-password|reset-second-factor|delete|set-role> <username> [--password <password>] [--role admin|editor|contributor] (create: admin unless --role)';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { password: { type: 'string' }, role: { type: 'string' } },
});
const [command, username] = positionals;
if (!['create', 'reset-password', 'reset-second-factor', 'delete', 'set-role'].includes(command) || username === undefined || (command === 'set-role' && values.role === undefined)) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const logger = createLogger({ logLevel: 'warn' });
await runWithDatabase(() => openDatabase(config, logger), { logger }, async (orm) => {
  const em = orm.em.fork();
  const shown = (password: string) => (values.password ? '' : ` Password: ${password}`);
  try {
    if (command === 'create') {
      const { user, password } = await createUser(em, COMMAND_LINE, { username, password: values.password, role: values.role });
      console.log(`Created ${ROLE_LABELS[user.role as Role].toLowerCase()} "${user.username}".${shown(password)}`);
    } else if (command === 'set-role') {
      const user = await setRoleByUsername(em, COMMAND_LINE, username, values.role);
      console.log(`"${user.username}" is now ${user.role === 'admin' ? 'an' : 'a'} ${ROLE_LABELS[user.role as Role]}.`);
    } else if (command === 'reset-password') {
      const { user, password } = await resetPassword(em, COMMAND_LINE, username, values.password);
      console.log(`Reset the password of "${user.username}"; their sessions are ended.${shown(password)}`);
    } else if (command === 'reset-second-factor') {
      console.log(describeReset(await resetSecondFactors(em, COMMAND_LINE, username)));
    } else {
      await deleteUser(em, COMMAND_LINE, username);
      console.log(`Removed admin "${username.trim()}"; their sessions are ended.`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const messages = error instanceof ValidationFailed ? error.errors.map((e) => e.message) : [error.message];
    for (const message of messages) console.error(message);
    return 1;
  }
});
