import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Queues the notifications of a new enquiry (mail to ENQUIRY_MAIL_TO, the `enquiry.created`
 * webhook event) in the caller's transaction, so they commit or roll back with the enquiry.
 *
 * Placeholder until the mail helper's outbox lands: it queues nothing. (Owner: the mail helper,
 * who replaces this body; the signature is the shared contract.)
 */
export async function enqueueEnquiryNotifications(
  em: EntityManager,
  enquiry: { id: number; createdAt: Date; name: string; email: string; organisation: string | null; service: string; message: string },
): Promise<void> {
  void em;
  void enquiry;
}
