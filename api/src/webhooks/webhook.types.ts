import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

// GraphQL shapes of the webhook admin API (admin only; see webhooks.resolver.ts).

@ObjectType('WebhookEndpoint', { description: 'A receiver of signed content.changed events.' })
export class WebhookEndpointType {
  @Field(() => Int, { description: 'Stable identifier of the endpoint.' })
  id!: number;

  @Field(() => String, { description: 'Where events are POSTed.' })
  url!: string;

  @Field(() => String, { description: 'HMAC-SHA256 key of the X-Webhook-Signature header.' })
  secret!: string;

  @Field(() => [String], { description: 'Collections whose changes are sent (REST names); empty: all.' })
  collections!: string[];

  @Field(() => Boolean, { description: 'Inactive endpoints get no events.' })
  active!: boolean;

  @Field(() => Date, { description: 'When the endpoint was registered.' })
  createdAt!: Date;
}

@ObjectType('WebhookDelivery', { description: 'One event for one endpoint, with the state of its delivery.' })
export class WebhookDeliveryType {
  @Field(() => ID, { description: 'Stable identifier of the delivery.' })
  id!: string;

  @Field(() => String, { description: 'Sent as X-Webhook-Id; the same on every retry.' })
  eventId!: string;

  @Field(() => String, { description: 'content.changed or webhook.test.' })
  event!: string;

  @Field(() => String, { nullable: true, description: 'The collection changed (REST name); null for a test event.' })
  collection!: string | null;

  @Field(() => Int, { nullable: true, description: 'The id of the record changed, when one.' })
  recordId!: number | null;

  @Field(() => String, { description: 'created, updated, deleted, truncated or test.' })
  action!: string;

  @Field(() => String, { description: 'The content revision after the change.' })
  revision!: string;

  @Field(() => Date, { description: 'When the change was committed.' })
  occurredAt!: Date;

  @Field(() => String, { description: 'pending, delivered or failed (gave up after a day of retries).' })
  status!: string;

  @Field(() => Int, { description: 'Delivery attempts so far.' })
  attempts!: number;

  @Field(() => Date, { description: 'When the next attempt is due (while pending).' })
  nextAttemptAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When the receiver accepted it; null until then.' })
  deliveredAt!: Date | null;

  @Field(() => Int, { nullable: true, description: 'HTTP status of the last attempt (null: no answer).' })
  lastStatusCode!: number | null;

  @Field(() => Int, { nullable: true, description: 'Milliseconds the last attempt took.' })
  lastLatencyMs!: number | null;

  @Field(() => String, { nullable: true, description: 'Why the last attempt failed, if it did.' })
  lastError!: string | null;
}

@InputType('WebhookEndpointInput', { description: 'The settings of a webhook endpoint (create and update).' })
export class WebhookEndpointInput {
  @Field(() => String, { nullable: true, description: 'Required on create.' })
  url?: string;

  @Field(() => String, { nullable: true, description: 'Blank: generated on create, kept on update.' })
  secret?: string | null;

  @Field(() => [String], { nullable: true, description: 'REST collection names; empty or absent on create: all.' })
  collections?: string[] | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether it receives events (true unless given on create).' })
  active?: boolean | null;
}
