import { logFieldsOf } from '../ops/database-health.js';
import type { EventSubscriber, FlushEventArgs } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { Logger } from 'pino';
import { CONTENT_REVISION_CHANNEL, CONTENT_REVISION_ID } from '../db/content-revision.entity.js';

// The content revision, held in memory and pushed by PostgreSQL: one LISTEN connection per instance
// receives the revision every committed content write announces (the triggers NOTIFY it at commit),
// from any instance or process. On (re)connect the instance re-reads it, since notifications sent
// while it was away are lost. A content write flushed by this instance reads the new revision right
// after its commit, before the request answers, so an editor sees their change on the next request
// even if the notification is still on its way. A public cache hit therefore costs no database work.

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 2_000;
const READ_REVISION = `select revision::text as revision from content_revision where id = ${CONTENT_REVISION_ID}`;

/** The trigger every content table carries (db/content-revision.entity.ts). */
const BUMP_TRIGGER = 'bump_content_revision';

export class ContentRevisionFeed {
  readonly #connectionString: string;
  readonly #logger: Logger;
  readonly #orm: MikroORM;
  /** null while not listening: nothing cached can then be trusted to be current. */
  #revision: string | null = null;
  #client: pg.Client | null = null;
  #closed = false;
  #retryMs = RETRY_MIN_MS;
  #retryTimer: NodeJS.Timeout | undefined;
  #failingSince: number | null = null;
  /** Content writes flushed inside an outer transaction: read the revision once it commits. */
  #pendingCommit = false;
  readonly #listeners = new Set<(revision: string) => void>();

  constructor(orm: MikroORM, logger: Logger) {
    this.#orm = orm;
    this.#connectionString = orm.config.get('clientUrl')!;
    this.#logger = logger.child({ component: 'content-revision' });
  }

  /** The current revision, or null while the feed is not connected (then do not trust a cache). */
  get current(): string | null {
    return this.#revision;
  }

  /** Called with each new revision (after it moved). */
  onChange(listener: (revision: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Connects and reads the revision; resolves once listening (or after the first failure, retrying on). */
  async start(): Promise<void> {
    this.#orm.em.getEventManager().registerSubscriber(this.#subscriber());
    await this.#connect();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = null;
    this.#revision = null;
    await client?.end().catch(() => {});
  }

  /** Re-reads the committed revision through the ORM's pool (after a local write, or a suspicious notification). */
  async refresh(): Promise<void> {
    if (this.#client === null) return;
    try {
      const rows = await this.#orm.em.getConnection().execute<{ revision: string }[]>(READ_REVISION);
      if (rows[0]) this.#set(rows[0].revision, true);
    } catch (error) {
      this.#logger.warn(logFieldsOf(error), 'could not read the content revision');
    }
  }

  #set(revision: string, exact: boolean): void {
    if (revision === this.#revision) return;
    // Notifications arrive in commit order, but a local read may already have moved past one.
    if (!exact && this.#revision !== null && BigInt(revision) < BigInt(this.#revision)) {
      // Older than what we hold: either a late notification (harmless) or a restored database.
      void this.refresh();
      return;
    }
    this.#revision = revision;
    for (const listener of this.#listeners) listener(revision);
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ connectionString: this.#connectionString, application_name: 'content-revision-listener' });
    client.on('notification', (message) => {
      if (message.channel === CONTENT_REVISION_CHANNEL && message.payload) this.#set(message.payload, false);
    });
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${CONTENT_REVISION_CHANNEL}`);
      const { rows } = await client.query<{ revision: string }>(READ_REVISION);
      if (!rows[0]) throw new Error('content_revision has no row: are the migrations applied?');
      if (this.#closed) {
        await client.end();
        return;
      }
      this.#client = client;
      this.#retryMs = RETRY_MIN_MS;
      if (this.#failingSince !== null) this.#logger.info('listening for content revisions again');
      this.#failingSince = null;
      this.#set(rows[0].revision, true);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      this.#lost(client, error);
    }
  }

  #lost(client: pg.Client, error: unknown): void {
    if (this.#client !== null && this.#client !== client) return;
    if (this.#client === client) this.#client = null;
    this.#revision = null;
    if (this.#closed || this.#retryTimer !== undefined) return;
    // Logged once per outage, not per retry: the database being away is reported elsewhere too.
    if (this.#failingSince === null) {
      this.#failingSince = Date.now();
      this.#logger.warn(logFieldsOf(error), 'content revision feed lost; serving caches as stale until it is back');
    }
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      void this.#connect();
    }, this.#retryMs);
    this.#retryMs = Math.min(this.#retryMs * 2, RETRY_MAX_MS);
  }

  #subscriber(): EventSubscriber {
    const touchesContent = ({ uow }: FlushEventArgs) =>
      uow.getChangeSets().some((changeSet) => changeSet.meta.triggers?.some((trigger) => trigger.name === BUMP_TRIGGER));
    return {
      afterFlush: async (args) => {
        if (!touchesContent(args)) return;
        // Inside an outer transaction the write is not committed yet: wait for the commit.
        if (args.em.isInTransaction()) this.#pendingCommit = true;
        else await this.refresh();
      },
      afterTransactionCommit: async () => {
        if (!this.#pendingCommit) return;
        this.#pendingCommit = false;
        await this.refresh();
      },
    };
  }
}
