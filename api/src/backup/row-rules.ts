import {
  editableFields,
  FORBIDDEN_CONTROL_CHARACTERS,
  isEmpty,
  isImageAddress,
  isWebAddress,
  MAX_URL_LENGTH,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  parseValue,
  requiredMessage,
  type Field,
} from '@consulting/model';
import type { MikroORM } from '@mikro-orm/postgresql';
import { validateInput } from '../content/fields.js';
import { collections, singletons } from '../content/registry.js';
import { ValidationFailed } from '../shared/errors.js';
import { signInUsernameProblem } from '../auth/auth.service.js';
import { secretProblem, webhookCollections } from '../webhooks/webhooks.service.js';

// The rules every imported row must pass, table by table: an archive is input like any other,
// and what the admin could not save must not arrive through a restore (a `javascript:` link,
// a control character, a display order out of range). Content rows go through validateInput,
// the content services' own check with the content model's field rules and messages; the
// history's snapshots through the same rules; accounts and webhook endpoints through the rules
// their services apply (the webhook target's address is checked again at every delivery).

export interface RowProblem {
  /** The column (or `after.link` inside a history snapshot). */
  field: string;
  message: string;
}

export type RowCheck = (row: Record<string, unknown>) => RowProblem | null;

const MAX_NAME_LENGTH = 320;
const HISTORY_ACTIONS = ['create', 'update', 'delete', 'restore', 'move', 'draft', 'discard', 'publish', 'unpublish', 'submit'];
/** History actions whose snapshots may be drafts: incomplete, checked as a draft save checks them. */
const DRAFT_ACTIONS = new Set(['draft', 'discard', 'submit']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An argon2 hash in the PHC string format (passwords.ts writes argon2id ones). */
const ARGON2_HASH = /^\$argon2(?:id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

/** A TOTP secret: base32 (RFC 4648), optionally padded. */
const BASE32_SECRET = /^[A-Z2-7]{16,256}=*$/;
/** A WebAuthn credential id, base64url: at most 1023 bytes. */
const CREDENTIAL_ID = /^[A-Za-z0-9_-]{1,1364}$/;
/** A COSE public key as PostgreSQL's JSON writes a bytea: a backslash, `x` and hex, at most 2 KiB. */
const PUBLIC_KEY = /^\\x(?:[0-9a-f]{2}){1,2048}$/;

const problem = (field: string, message: string): RowProblem => ({ field, message });

/** Rules per backup table. */
export function rowRules(orm: MikroORM): Map<string, RowCheck> {
  const rules = new Map<string, RowCheck>();
  const byPath = new Map<string, (values: Record<string, unknown>, prefix: string, draft?: boolean) => RowProblem | null>();

  for (const definition of [...collections, ...singletons]) {
    const meta = orm.getMetadata(definition.entity);
    const fields = editableFields(definition.type);
    const columnOf = (property: string) => meta.properties[property as never]?.fieldNames?.[0] ?? property;
    const columns = Object.keys(fields).map((property) => [property, columnOf(property)] as const);
    const createdAt = definition.type.createdAt ? columnOf('createdAt') : null;

    rules.set(meta.tableName, (row) => {
      if (!isId(row.id)) return problem('id', 'Id must be a whole number from 1');
      if ('version' in row && !isId(row.version)) return problem('version', 'Version must be a whole number from 1');
      if (createdAt && createdAt in row && !isTimestamp(row[createdAt])) return problem(createdAt, 'Must be a date and time');
      const values: Record<string, unknown> = {};
      for (const [property, column] of columns) if (column in row) values[property] = row[column];
      const found = contentProblem(fields, values);
      return found && problem(columnOf(found.field), found.message);
    });
    // A snapshot is the record's JSON (property names); fields it lacks are not checked.
    byPath.set(definition.path, (values, prefix, draft = false) => {
      const found = contentProblem(fields, values, draft);
      return found && problem(`${prefix}.${found.field}`, found.message);
    });
  }

  rules.set('content_history', (row) => {
    if (!isId(row.id)) return problem('id', 'Id must be a whole number from 1');
    const check = typeof row.collection === 'string' ? byPath.get(row.collection) : undefined;
    if (!check) return problem('collection', `Collection must be one of ${[...byPath.keys()].join(', ')}`);
    if (!isId(row.record_id)) return problem('record_id', 'Record id must be a whole number from 1');
    if (typeof row.action !== 'string' || !HISTORY_ACTIONS.includes(row.action)) {
      return problem('action', `Action must be one of ${HISTORY_ACTIONS.join(', ')}`);
    }
    if (row.user_id != null && !(typeof row.user_id === 'string' && UUID.test(row.user_id))) return problem('user_id', 'User id must be a UUID');
    if (row.username != null) {
      const found = typeof row.username === 'string' ? signInUsernameProblem(row.username) : 'Username must be text';
      if (found) return problem('username', found);
    }
    if ('at' in row && !isTimestamp(row.at)) return problem('at', 'Must be a date and time');
    for (const side of ['before', 'after'] as const) {
      const snapshot = row[side];
      if (snapshot == null) continue;
      if (typeof snapshot !== 'object' || Array.isArray(snapshot)) return problem(side, 'Must be a record or null');
      const found = check(snapshot as Record<string, unknown>, side, DRAFT_ACTIONS.has(row.action));
      if (found) return found;
    }
    return null;
  });

  rules.set('content_draft', (row) => {
    const check = typeof row.collection === 'string' ? byPath.get(row.collection) : undefined;
    if (!check) return problem('collection', `Collection must be one of ${[...byPath.keys()].join(', ')}`);
    if (!isId(row.record_id)) return problem('record_id', 'Record id must be a whole number from 1');
    if (!isId(row.version)) return problem('version', 'Version must be a whole number from 1');
    for (const column of ['live', 'was_published']) if (typeof row[column] !== 'boolean') return problem(column, 'Must be true or false');
    for (const column of ['display_order', 'base_version']) {
      if (row[column] != null && !(typeof row[column] === 'number' && Number.isSafeInteger(row[column]))) return problem(column, 'Must be a whole number');
    }
    for (const column of ['created_at', 'updated_at', 'record_created_at', 'submitted_at']) {
      if (row[column] != null && !isTimestamp(row[column])) return problem(column, 'Must be a date and time');
    }
    if (row.updated_by != null && !(typeof row.updated_by === 'string' && UUID.test(row.updated_by))) return problem('updated_by', 'Must be a UUID');
    for (const column of ['updated_by_name', 'submitted_by_name']) {
      const found = row[column] == null ? null : textProblem(row[column], MAX_NAME_LENGTH);
      if (found) return problem(column, found);
    }
    if (typeof row.values !== 'object' || row.values === null || Array.isArray(row.values)) return problem('values', 'Must be a record');
    return check(row.values as Record<string, unknown>, 'values', true);
  });

  const withPages = collections.filter((definition) => definition.type.page).map((definition) => definition.path);
  rules.set('slug_redirects', (row) => {
    if (!(typeof row.collection === 'string' && withPages.includes(row.collection))) return problem('collection', `Collection must be one of ${withPages.join(', ')}`);
    if (!(typeof row.old_slug === 'string' && row.old_slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(row.old_slug))) return problem('old_slug', 'Must be a slug');
    if (!isId(row.record_id)) return problem('record_id', 'Record id must be a whole number from 1');
    if ('created_at' in row && !isTimestamp(row.created_at)) return problem('created_at', 'Must be a date and time');
    return null;
  });

  rules.set('users', (row) => {
    if (!(typeof row.id === 'string' && UUID.test(row.id))) return problem('id', 'Id must be a UUID');
    const usernameProblem = typeof row.username === 'string' ? signInUsernameProblem(row.username.trim()) : 'Username must be text';
    if (usernameProblem) return problem('username', usernameProblem);
    if (!(typeof row.password_hash === 'string' && ARGON2_HASH.test(row.password_hash))) {
      return problem('password_hash', 'Password hash must be an argon2 hash');
    }
    for (const column of ['email', 'first_name', 'last_name']) {
      const found = row[column] == null ? null : textProblem(row[column], MAX_NAME_LENGTH);
      if (found) return problem(column, found);
    }
    const picture = row.profile_image_url;
    if (picture != null && !(typeof picture === 'string' && picture.length <= MAX_URL_LENGTH && isImageAddress(picture))) {
      return problem('profile_image_url', 'Profile image URL must be an uploaded image or a web address starting with http:// or https://');
    }
    for (const column of ['created_at', 'updated_at', 'last_sign_in_at', 'totp_pending_at', 'totp_enabled_at']) {
      if (row[column] != null && !isTimestamp(row[column])) return problem(column, 'Must be a date and time');
    }
    // The authenticator app (auth/factors/totp.ts): its secret, the one being set up, the last step used.
    for (const column of ['totp_secret', 'totp_pending_secret']) {
      if (row[column] != null && !(typeof row[column] === 'string' && BASE32_SECRET.test(row[column]))) return problem(column, 'Must be a base32 secret');
    }
    if (row.totp_last_step != null && !isCount(row.totp_last_step)) return problem('totp_last_step', 'Must be a whole number from 0');
    return null;
  });

  // Second factors (auth/factors/): rows of an account in the archive's users (the foreign keys).
  rules.set('passkeys', (row) => {
    if (!(typeof row.id === 'string' && UUID.test(row.id))) return problem('id', 'Id must be a UUID');
    if (!(typeof row.user_id === 'string' && UUID.test(row.user_id))) return problem('user_id', 'Must be a UUID');
    if (!(typeof row.credential_id === 'string' && CREDENTIAL_ID.test(row.credential_id))) return problem('credential_id', 'Must be a credential id (base64url)');
    if (!(typeof row.public_key === 'string' && PUBLIC_KEY.test(row.public_key))) return problem('public_key', 'Must be a public key');
    if (!isCount(row.counter)) return problem('counter', 'Must be a whole number from 0');
    const transports = row.transports;
    if (transports != null && !(Array.isArray(transports) && transports.length <= 10 && transports.every((t) => typeof t === 'string' && /^[a-z-]{1,20}$/.test(t)))) {
      return problem('transports', 'Must be a list of transports');
    }
    const nameFound = typeof row.name === 'string' && !row.name.trim() ? 'Name is required' : textProblem(row.name, 100);
    if (nameFound) return problem('name', nameFound);
    if ('backed_up' in row && typeof row.backed_up !== 'boolean') return problem('backed_up', 'Must be true or false');
    if ('created_at' in row && !isTimestamp(row.created_at)) return problem('created_at', 'Must be a date and time');
    if (row.last_used_at != null && !isTimestamp(row.last_used_at)) return problem('last_used_at', 'Must be a date and time');
    return null;
  });

  rules.set('recovery_codes', (row) => {
    if (!isId(row.id)) return problem('id', 'Id must be a whole number from 1');
    if (!(typeof row.user_id === 'string' && UUID.test(row.user_id))) return problem('user_id', 'Must be a UUID');
    if (!(typeof row.code_hash === 'string' && /^[0-9a-f]{64}$/.test(row.code_hash))) return problem('code_hash', 'Must be a SHA-256 hash (hex)');
    if ('created_at' in row && !isTimestamp(row.created_at)) return problem('created_at', 'Must be a date and time');
    if (row.used_at != null && !isTimestamp(row.used_at)) return problem('used_at', 'Must be a date and time');
    return null;
  });

  rules.set('auth_policy', (row) => {
    if (row.id !== 1) return problem('id', 'Must be 1');
    if ('require_second_factor' in row && typeof row.require_second_factor !== 'boolean') return problem('require_second_factor', 'Must be true or false');
    if (row.updated_at != null && !isTimestamp(row.updated_at)) return problem('updated_at', 'Must be a date and time');
    return null;
  });

  const subscribable = webhookCollections();
  rules.set('webhook_endpoints', (row) => {
    if (!isId(row.id)) return problem('id', 'Id must be a whole number from 1');
    const url = row.url;
    if (!(typeof url === 'string' && url.length <= MAX_URL_LENGTH && url.trim() === url && isWebAddress(url))) {
      return problem('url', 'Enter a valid http(s) URL');
    }
    const secretFound = typeof row.secret === 'string' ? secretProblem(row.secret) : 'Secret must be text';
    if (secretFound) return problem('secret', secretFound);
    if (!Array.isArray(row.collections) || row.collections.some((c) => typeof c !== 'string' || !subscribable.includes(c))) {
      return problem('collections', `Collections must be among: ${subscribable.join(', ')}`);
    }
    if (typeof row.active !== 'boolean') return problem('active', 'Active must be true or false');
    if ('created_at' in row && !isTimestamp(row.created_at)) return problem('created_at', 'Must be a date and time');
    return null;
  });
  return rules;
}

/**
 * The content services' validation of the fields present in `values` (property names), plus what
 * the columns require of stored values: a flag, a choice or a display order is never empty.
 */
function contentProblem(fields: Readonly<Record<string, Field>>, values: Record<string, unknown>, draft = false): RowProblem | null {
  const present: Record<string, Field> = {};
  for (const name of Object.keys(fields)) if (name in values) present[name] = fields[name];
  try {
    validateInput(present, values, draft ? 'draft' : 'create');
  } catch (error) {
    if (!(error instanceof ValidationFailed) || error.errors.length === 0) throw error;
    return error.errors[0];
  }
  // A draft keeps what is missing as empty (its publish says what is missing).
  if (draft) return null;
  for (const [name, f] of Object.entries(present)) {
    const nullable = !f.required && f.default === undefined;
    if (!nullable && isEmpty(values[name])) {
      const parsed = parseValue(f, values[name]);
      return problem(name, 'error' in parsed ? parsed.error : requiredMessage(f));
    }
  }
  return null;
}

function textProblem(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return 'must be text';
  if (value.length > max) return `must be at most ${max} characters`;
  if (FORBIDDEN_CONTROL_CHARACTERS.test(value)) return 'contains characters that are not allowed';
  return null;
}

const isCount = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isId = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
const isTimestamp = (value: unknown) => typeof value === 'string' && value.length <= 64 && !Number.isNaN(Date.parse(value));
