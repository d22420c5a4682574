import { LoginThrottle } from '../auth/login-throttle.entity.js';
import { SessionRow } from '../auth/session.entity.js';
import { SignInAddress } from '../auth/sign-in-address.entity.js';
import { User } from '../auth/user.entity.js';
import { ContentHistory } from '../content/history/content-history.entity.js';
import { collections, singletons } from '../content/registry.js';
import { bumpsContentRevision, ContentRevision } from '../site/content-revision.entity.js';
import { webhookEntities, writesWebhookOutbox } from '../webhooks/webhook.entities.js';

/** The tables the public pages show: every write to them moves the content revision. */
const contentEntities = [...collections.map((c) => c.entity), ...singletons.map((s) => s.entity)];
for (const entity of contentEntities) bumpsContentRevision(entity);
// Every write to a content table also queues webhook deliveries (table name: the REST path in snake case).
for (const entry of [...collections, ...singletons]) writesWebhookOutbox(entry.entity, entry.path.replaceAll('-', '_'));

/** Every table the app owns; migrations are generated from these. */
export const entities = [User, SessionRow, LoginThrottle, SignInAddress, ...contentEntities, ContentRevision, ...webhookEntities, ContentHistory];
