import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { COMMAND_LINE, createUser } from '../../src/auth/accounts.service.js';
import { User } from '../../src/auth/user.entity.js';
import { skeleton, usernameSkeleton } from '../../src/auth/username-skeleton.js';
import { migrationsList } from '../../src/db/migrations/index.js';
import { openOrm } from '../../src/db/orm.js';
import { ValidationFailed } from '../../src/shared/errors.js';
import { createTestDatabase } from '../helpers/test-app.js';

// Look-alike usernames collide on their UTS #39 skeleton (case-insensitively), stored unique in
// users.username_skeleton; the migration that added the column filled it for existing accounts.

describe('skeletons (UTS #39)', () => {
  it('are equal for strings that look alike', () => {
    expect(skeleton('\u0430dmin')).toBe(skeleton('admin')); // Cyrillic а
    expect(skeleton('\u{1D52D}\u{1D4B6}\u1EFF\u{1D561}\u{1D552}\u2113')).toBe('paypal');
    expect(skeleton('m')).toBe(skeleton('rn'));
    expect(skeleton('jos\u00e9')).toBe(skeleton('jose\u0301')); // NFD either way
    expect(skeleton('ad\u200Bmin')).toBe(skeleton('admin')); // default-ignorable dropped
  });

  it('differ for strings that do not', () => {
    expect(skeleton('admin')).not.toBe(skeleton('admin2'));
    expect(skeleton('мария')).not.toBe(skeleton('mария'.replace('m', 'n')));
  });

  it('ignore case and width for usernames', () => {
    const admin = usernameSkeleton('admin');
    for (const alike of ['ADMIN', 'Admin', '\u0410dmin', '\uff41\uff44\uff4d\uff49\uff4e', 'adrnin', '\u0251dmin']) {
      expect(usernameSkeleton(alike)).toBe(admin);
    }
    expect(usernameSkeleton('edit0r')).toBe(usernameSkeleton('Editor'));
    expect(usernameSkeleton('editors')).not.toBe(usernameSkeleton('editor'));
  });
});

describe('the username_skeleton migration', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let orm: MikroORM;
  beforeAll(async () => {
    database = await createTestDatabase();
    orm = await openOrm(database.url, pino({ level: 'silent' }));
  });
  afterAll(async () => {
    await orm?.close(true);
    await database?.drop();
  });

  it('fills existing accounts, oldest first; a look-alike of an older one keeps null and still blocks its look-alikes', async () => {
    const index = migrationsList.findIndex((m) => m.name === 'Migration20261124072000_username_skeleton');
    await orm.migrator.up({ to: migrationsList[index - 1].name });
    const connection = orm.em.fork().getConnection();
    for (const [username, createdAt] of [
      ['admin', '2026-01-01'],
      ['\u0430dmin', '2026-02-01'],
      ['Editor', '2026-03-01'],
    ]) {
      await connection.execute(`insert into users (username, password_hash, created_at) values (?, 'x', ?)`, [username, createdAt]);
    }
    await orm.migrator.up();

    const rows = await connection.execute<{ username: string; username_skeleton: string | null }[]>(
      'select username, username_skeleton from users order by created_at',
    );
    expect(rows).toEqual([
      { username: 'admin', username_skeleton: usernameSkeleton('admin') },
      { username: '\u0430dmin', username_skeleton: null },
      { username: 'Editor', username_skeleton: usernameSkeleton('Editor') },
    ]);

    const refusal = async (username: string) => {
      const error = await createUser(orm.em.fork(), COMMAND_LINE, { username }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationFailed);
      return (error as ValidationFailed).errors;
    };
    expect(await refusal('\u0251dmin')).toEqual([{ field: 'username', message: 'That username looks too much like the existing username "admin"' }]);
    expect(await refusal('edit0r')).toEqual([{ field: 'username', message: 'That username looks too much like the existing username "Editor"' }]);

    // An account without a stored skeleton (an archive from before the column) is compared by name.
    await connection.execute(`insert into users (username, password_hash) values ('imported', 'x')`);
    expect(await refusal('imp0rted')).toEqual([{ field: 'username', message: 'That username looks too much like the existing username "imported"' }]);

    const { user } = await createUser(orm.em.fork(), COMMAND_LINE, { username: 'writer' });
    // Any account the ORM creates gets its skeleton (the first-start admin is made this way).
    const em = orm.em.fork();
    em.create(User, { username: 'Seeded', passwordHash: 'x' });
    await em.flush();
    const stored = await connection.execute<{ username: string; username_skeleton: string }[]>(
      `select username, username_skeleton from users where username in ('writer', 'Seeded') order by username`,
    );
    expect(stored).toEqual([
      { username: 'Seeded', username_skeleton: usernameSkeleton('seeded') },
      { username: 'writer', username_skeleton: usernameSkeleton('writer') },
    ]);
    expect(user.username).toBe('writer');
  });
});
