import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

// GraphQL shapes of the webhook admin API (admin only; see webhooks.resolver.ts).

@ObjectType('WebhookEndpoint', { description: 'A receiver of signed content.changed events.' })
export class WebhookEndpointType {
  @Field(() => Int)
  id!: number;

  @Field(() => String, { description: 'Where events are POSTed.' })
  url!: string;

  @Field(() => String, { description: 'HMAC-SHA256 key of the X-Webhook-Signature header.' })
  secret!: string;

  @Field(() => [String], { description: 'Collections whose changes are sent (REST names); empty: all.' })
  collections!: string[];

  @Field(() => Boolean)
  active!: boolean;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType('WebhookDelivery', { description: 'One event for one endpoint, with the state of its delivery.' })
export class WebhookDeliveryType {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'Sent as X-Webhook-Id; the same on every retry.' })
  eventId!: string;

  @Field(() => String, { description: 'content.changed or webhook.test.' })
  event!: string;

  @Field(() => String, { nullable: true })
  collection!: string | null;

  @Field(() => Int, { nullable: true })
  recordId!: number | null;

  @Field(() => String, { description: 'created, updated, deleted, truncated or test.' })
  action!: string;

  @Field(() => String, { description: 'The content revision after the change.' })
  revision!: string;

  @Field(() => Date)
  occurredAt!: Date;

  @Field(() => String, { description: 'pending, delivered or failed (gave up after a day of retries).' })
  status!: string;

  @Field(() => Int)
  attempts!: number;

  @Field(() => Date)
  nextAttemptAt!: Date;

  @Field(() => Date, { nullable: true })
  deliveredAt!: Date | null;

  @Field(() => Int, { nullable: true, description: 'HTTP status of the last attempt (null: no answer).' })
  lastStatusCode!: number | null;

  @Field(() => Int, { nullable: true, description: 'Milliseconds the last attempt took.' })
  lastLatencyMs!: number | null;

  @Field(() => String, { nullable: true })
  lastError!: string | null;
}

@InputType('WebhookEndpointInput')
export class WebhookEndpointInput {
  @Field(() => String, { nullable: true, description: 'Required on create.' })
  url?: string;

  @Field(() => String, { nullable: true, description: 'Blank: generated on create, kept on update.' })
  secret?: string | null;

  @Field(() => [String], { nullable: true, description: 'REST collection names; empty or absent on create: all.' })
  collections?: string[] | null;

  @Field(() => Boolean, { nullable: true })
  active?: boolean | null;
}
