import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requirePermission } from '../auth/permissions.js';
import type { User } from '../auth/user.entity.js';
import { logActivity, type ActivityKind } from '../activity/activity.js';
import type { Config } from '../config.js';
import type { Caller } from '../content/collection.js';
import { collections, singletons } from '../content/registry.js';
import { NotFound, ValidationFailed, type FieldError } from '../shared/errors.js';
import { resolvePublicAddresses, TargetRefused } from './target-address.js';
import { ENQUIRY_COLLECTION } from '../mail/enquiry-notifications.js';

// Webhook endpoints and their delivery log: the one place for their rules. The GraphQL resolver
// and the REST router call these; the outbox itself is written by database triggers.

export interface WebhookEndpointView {
  id: number;
  url: string;
  secret: string;
  /** REST collection names; empty: every collection. */
  collections: string[];
  active: boolean;
  createdAt: Date;
}

export interface WebhookSettings {
  allowPrivateTargets: boolean;
}

/** The webhook settings of the configuration. */
export const settingsOf = (config: Pick<Config, 'webhookAllowPrivateTargets'>): WebhookSettings => ({ allowPrivateTargets: config.webhookAllowPrivateTargets });

const MAX_URL_LENGTH = 2048;
const MIN_SECRET_LENGTH = 16;
const MAX_SECRET_LENGTH = 256;

/** The rule for a signing secret as stored (the service's and the backup import's). */
export function secretProblem(secret: string): string | null {
  const printable = secret.length >= MIN_SECRET_LENGTH && secret.length <= MAX_SECRET_LENGTH && !/[\u0000-\u001F\u007F]/.test(secret);
  return printable ? null : `Secret must be ${MIN_SECRET_LENGTH} to ${MAX_SECRET_LENGTH} printable characters`;
}
/** The collection names an endpoint may subscribe to (the REST paths, and `enquiries` for `enquiry.created`). */
export function webhookCollections(): string[] {
  return [...collections.map((c) => c.path), ...singletons.map((s) => s.path), ENQUIRY_COLLECTION];
}

export async function subscribableCollections(em: EntityManager, caller: Caller): Promise<string[]> {
  await requirePermission(em, caller, 'webhooks');
  return webhookCollections();
}

export async function listEndpoints(em: EntityManager, caller: Caller): Promise<WebhookEndpointView[]> {
  await requirePermission(em, caller, 'webhooks');
  const rows = await em.getConnection().execute<EndpointRow[]>(`select * from webhook_endpoints order by id`);
  return rows.map(endpointView);
}

/** Where an endpoint sends, for the activity log: its address without query string or credentials. */
function shownAddress(url: string): string {
  try {
    const { origin, pathname } = new URL(url);
    return origin + pathname;
  } catch {
    return '';
  }
}

/**
 * Runs `sql` in a transaction with the activity entry `describe` gives for the rows it returned
 * (none: no entry), so the change and its entry are written together.
 */
function loggedChange(em: EntityManager, user: User, sql: string, params: unknown[], describe: (row: EndpointRow) => { kind: ActivityKind; summary: string }): Promise<EndpointRow[]> {
  return em.transactional(async (tx) => {
    const rows = await tx.getConnection().execute<EndpointRow[]>(sql, params, 'all', tx.getTransactionContext());
    for (const row of rows) {
      logActivity(tx, { ...describe(row), actor: { id: user.id, username: user.username }, details: { webhookId: row.id, url: shownAddress(row.url) } });
    }
    return rows;
  });
}

export async function createEndpoint(em: EntityManager, input: unknown, caller: Caller, settings: WebhookSettings): Promise<WebhookEndpointView> {
  const user = await requirePermission(em, caller, 'webhooks');
  const valid = await validateEndpoint(input, settings, 'create');
  const [row] = await loggedChange(
    em,
    user,
    `insert into webhook_endpoints (url, secret, collections, active) values (?, ?, ?::jsonb, ?) returning *`,
    [valid.url, valid.secret ?? generateSecret(), JSON.stringify(valid.collections ?? []), valid.active ?? true],
    (added) => ({ kind: 'webhook.create', summary: `Added webhook ${shownAddress(added.url)}` }),
  );
  return endpointView(row);
}

/** Fields left out keep their value; a blank secret keeps the current one. */
export async function updateEndpoint(
  em: EntityManager,
  id: number,
  input: unknown,
  caller: Caller,
  settings: WebhookSettings,
): Promise<WebhookEndpointView> {
  const user = await requirePermission(em, caller, 'webhooks');
  const valid = await validateEndpoint(input, settings, 'update');
  const [row] = await loggedChange(
    em,
    user,
    `update webhook_endpoints
        set url = coalesce(?, url), secret = coalesce(?, secret), collections = coalesce(?::jsonb, collections), active = coalesce(?, active)
      where id = ? returning *`,
    [valid.url ?? null, valid.secret ?? null, valid.collections ? JSON.stringify(valid.collections) : null, valid.active ?? null, id],
    (changed) => ({ kind: 'webhook.update', summary: `Changed webhook ${shownAddress(changed.url)}` }),
  );
  if (!row) throw new NotFound('No webhook with this ID');
  return endpointView(row);
}

/** Removes the endpoint with its pending deliveries and log. */
export async function deleteEndpoint(em: EntityManager, id: number, caller: Caller): Promise<void> {
  const user = await requirePermission(em, caller, 'webhooks');
  const rows = await loggedChange(em, user, `delete from webhook_endpoints where id = ? returning *`, [id], (removed) => ({
    kind: 'webhook.delete',
    summary: `Removed webhook ${shownAddress(removed.url)}`,
  }));
  if (rows.length === 0) throw new NotFound('No webhook with this ID');
}

/** Newest first. */
export async function existingEndpoint(em: EntityManager, id: number): Promise<void> {
  const rows = await em.getConnection().execute<{ id: number }[]>(`select id from webhook_endpoints where id = ?`, [id]);
  if (rows.length === 0) throw new NotFound('No webhook with this ID');
}

interface ValidEndpoint {
  url?: string;
  secret?: string;
  collections?: string[];
  active?: boolean;
}

async function validateEndpoint(input: unknown, settings: WebhookSettings, mode: 'create' | 'update'): Promise<ValidEndpoint> {
  const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const errors: FieldError[] = [];
  const valid: ValidEndpoint = {};

  if (raw.url !== undefined || mode === 'create') {
    const url = typeof raw.url === 'string' ? raw.url.trim() : '';
    if (!url) errors.push({ field: 'url', message: 'URL is required' });
    else if (url.length > MAX_URL_LENGTH || !isHttpUrl(url)) errors.push({ field: 'url', message: 'Enter a valid http(s) URL' });
    else {
      try {
        await resolvePublicAddresses(new URL(url).hostname, settings.allowPrivateTargets);
        valid.url = url;
      } catch (error) {
        if (!(error instanceof TargetRefused)) throw error;
        errors.push({ field: 'url', message: error.message });
      }
    }
  }

  if (raw.secret !== undefined && raw.secret !== null) {
    const secret = typeof raw.secret === 'string' ? raw.secret.trim() : null;
    if (secret === null) errors.push({ field: 'secret', message: 'Secret must be text' });
    else if (secret === '') {
      // blank: generated on create, kept on update
    } else {
      const problem = secretProblem(secret);
      if (problem) errors.push({ field: 'secret', message: problem });
      else valid.secret = secret;
    }
  }

  if (raw.collections !== undefined && raw.collections !== null) {
    const known = webhookCollections();
    if (!Array.isArray(raw.collections) || raw.collections.some((c) => typeof c !== 'string' || !known.includes(c))) {
      errors.push({ field: 'collections', message: `Collections must be among: ${known.join(', ')}` });
    } else valid.collections = [...new Set(raw.collections as string[])];
  }

  if (raw.active !== undefined && raw.active !== null) {
    if (typeof raw.active !== 'boolean') errors.push({ field: 'active', message: 'Active must be true or false' });
    else valid.active = raw.active;
  }

  if (errors.length > 0) throw new ValidationFailed(errors);
  return valid;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function generateSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

interface EndpointRow {
  id: number;
  url: string;
  secret: string;
  collections: string[];
  active: boolean;
  created_at: Date;
}

function endpointView(row: EndpointRow): WebhookEndpointView {
  return { id: row.id, url: row.url, secret: row.secret, collections: row.collections, active: row.active, createdAt: new Date(row.created_at) };
}

