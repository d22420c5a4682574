import { enquiryServiceLabel } from '@consulting/model';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { plainAddress, singleLine } from './mail-message.js';

// What a new enquiry sets off: a mail to the firm (ENQUIRY_MAIL_TO, when SMTP is set up) and the
// `enquiry.created` webhook event for every active endpoint that wants it. Both are rows in
// outboxes (mail_outbox, webhook_deliveries) written in the transaction that stores the enquiry,
// so nothing is sent for an enquiry that was not stored, and an SMTP or receiver outage loses
// nothing: the workers send them when they can.

export interface NewEnquiry {
  id: number;
  createdAt: Date;
  name: string;
  email: string;
  organisation: string | null;
  service: string;
  message: string;
}

/** The webhook collection enquiry events carry (endpoints may subscribe to it). */
export const ENQUIRY_COLLECTION = 'enquiries';
export const ENQUIRY_CREATED_EVENT = 'enquiry.created';

interface NotificationSettings {
  /** null: SMTP is not set up; enquiries are not mailed. */
  mailTo: string[] | null;
  /** Where the mail points the reader to the inbox; null: no link. */
  publicUrl: string | null;
}

let settings: NotificationSettings = { mailTo: null, publicUrl: null };

/**
 * Sets who is mailed (the app calls it at start with its configuration, mail/mount.ts). Until
 * then, or without SMTP_HOST, no mail is queued; webhook events are queued regardless.
 */
export function configureEnquiryNotifications(config: Pick<Config, 'smtp' | 'publicUrl'>): void {
  settings = { mailTo: config.smtp ? [...config.smtp.enquiryTo] : null, publicUrl: config.publicUrl };
}

/**
 * Queues the notifications of a new enquiry in the caller's transaction (the `em` it stores the
 * enquiry with), so they commit or roll back with it.
 */
export async function enqueueEnquiryNotifications(
  em: EntityManager,
  enquiry: { id: number; createdAt: Date; name: string; email: string; organisation: string | null; service: string; message: string },
): Promise<void> {
  const connection = em.getConnection();
  const transaction = em.getTransactionContext();
  if (settings.mailTo !== null && settings.mailTo.length > 0) {
    const mail = enquiryMail(enquiry, settings.publicUrl);
    await connection.execute(
      `insert into mail_outbox ("to", reply_to, subject, text_body, topic, topic_id) values (?, ?, ?, ?, 'enquiry', ?)`,
      [settings.mailTo.join(', '), mail.replyTo, mail.subject, mail.text, enquiry.id],
      'run',
      transaction,
    );
  }
  await connection.execute(
    `insert into webhook_deliveries (endpoint_id, event, collection, record_id, action, revision, payload)
     select e.id, ?, ?, ?, 'created', coalesce((select revision from content_revision where id = 1), 0), ?::jsonb
       from webhook_endpoints e
      where e.active and (jsonb_array_length(e.collections) = 0 or e.collections @> jsonb_build_array(?::text))
      order by e.id`,
    [ENQUIRY_CREATED_EVENT, ENQUIRY_COLLECTION, enquiry.id, JSON.stringify(enquiryEventData(enquiry)), ENQUIRY_COLLECTION],
    'run',
    transaction,
  );
}

/** The `data` of an `enquiry.created` event. */
export function enquiryEventData(enquiry: NewEnquiry): Record<string, unknown> {
  return {
    id: enquiry.id,
    createdAt: new Date(enquiry.createdAt).toISOString(),
    name: enquiry.name,
    email: enquiry.email,
    organisation: enquiry.organisation,
    service: enquiry.service,
    serviceLabel: enquiryServiceLabel(enquiry.service),
    message: enquiry.message,
  };
}

/**
 * The mail to the firm: the subject names the visitor (on one line: a line break in a name cannot
 * start a header), Reply-To is the visitor's address (when it is a plain one), and the plain text
 * body has every field.
 */
export function enquiryMail(enquiry: NewEnquiry, publicUrl: string | null): { subject: string; replyTo: string | null; text: string } {
  const name = singleLine(enquiry.name) || '(no name)';
  const replyTo = plainAddress(enquiry.email);
  const lines = [
    'A new enquiry came in through the website.',
    '',
    `Name: ${name}`,
    `Email: ${singleLine(enquiry.email)}`,
    `Organisation: ${enquiry.organisation === null || singleLine(enquiry.organisation) === '' ? '(not given)' : singleLine(enquiry.organisation)}`,
    `Service: ${singleLine(enquiryServiceLabel(enquiry.service))}`,
    `Received: ${new Date(enquiry.createdAt).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}`,
    `Enquiry number: ${enquiry.id}`,
    '',
    'Message:',
    '',
    enquiry.message.replace(/\r\n?/g, '\n'),
    '',
    '--',
    replyTo ? `Reply to this mail to answer ${name}.` : 'The sender\'s address is not a plain mail address: answer with care.',
    ...(publicUrl ? [`All enquiries: ${publicUrl}/admin/enquiries`] : []),
  ];
  return { subject: singleLine(`New enquiry from ${name}`).slice(0, 250), replyTo, text: `${lines.join('\n')}\n` };
}
