import { Arg, Ctx, Field, InputType, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context.js';
import { enquiryChallenge, submitEnquiry, type EnquiryChallenge, type EnquiryReceipt } from './intake.service.js';

// The public enquiry form over GraphQL (the REST twins: intake.routes.ts). Anyone may call both;
// the service owns every rule (the form's, the spam rules, the limits).

@ObjectType('EnquiryChallenge', { description: 'What the enquiry form needs before it is sent. Ask a fresh one for each message (never cached).' })
export class EnquiryChallengeType implements EnquiryChallenge {
  @Field(() => String, { description: 'The signed time the form was handed out: send it back as formToken (the form cannot be sent within ENQUIRY_MIN_SECONDS of it).' })
  formToken!: string;

  @Field(() => String, {
    nullable: true,
    description:
      "The ALTCHA proof-of-work challenge (JSON: algorithm, challenge, salt, signature, maxnumber; altcha-lib v1) when the captcha is ALTCHA, else null. Solve it (altcha-lib/v1 solveChallenge) and send the base64 JSON payload {algorithm, challenge, number, salt, signature} as altcha. Valid 20 minutes, for one message.",
  })
  altcha!: string | null;

  @Field(() => String, { nullable: true, description: 'The Cloudflare Turnstile site key when the captcha is Turnstile, else null; send the widget\'s token as turnstileToken.' })
  turnstileSiteKey!: string | null;
}

@InputType('EnquiryInput', { description: 'A message from the contact form. The field rules are the model\'s (enquiryForm); a refusal names each field.' })
export class EnquiryInputType {
  @Field(() => String, { nullable: true, description: 'Who is writing (1..200 characters).' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Where the answer goes: an email address (at most 254 characters).' })
  email?: string | null;

  @Field(() => String, { nullable: true, description: 'The organisation (optional, at most 200 characters).' })
  organisation?: string | null;

  @Field(() => String, { nullable: true, description: "The service it is about: one of the six services' values, or 'other'." })
  service?: string | null;

  @Field(() => String, { nullable: true, description: 'The message (1..5000 characters, at most ENQUIRY_MAX_LINKS links).' })
  message?: string | null;

  @Field(() => Boolean, { description: 'The visitor agreed to the privacy text shown beside the form (must be true).' })
  consent!: boolean;

  @Field(() => String, { nullable: true, description: 'Leave empty: a field hidden from people (anything in it marks the message as a robot\'s).' })
  website?: string | null;

  @Field(() => String, { nullable: true, description: "enquiryChallenge's formToken." })
  formToken?: string | null;

  @Field(() => String, { nullable: true, description: 'The solved ALTCHA payload (base64 JSON), when the captcha is ALTCHA.' })
  altcha?: string | null;

  @Field(() => String, { nullable: true, description: "The Turnstile widget's token, when the captcha is Turnstile." })
  turnstileToken?: string | null;
}

@ObjectType('EnquiryReceipt', { description: 'The answer to a message that was received.' })
export class EnquiryReceiptType implements EnquiryReceipt {
  @Field(() => Boolean, { description: 'Always true (a refusal is an error).' })
  ok!: true;

  @Field(() => String, { description: 'What to tell the visitor: "Thank you. We will get back to you soon."' })
  message!: string;
}

@Resolver()
export class IntakeResolver {
  @Query(() => EnquiryChallengeType, { description: 'A fresh form token and captcha challenge for the contact form (public; never cached).' })
  enquiryChallenge(@Ctx() ctx: GraphQLContext) {
    ctx.uncached?.mark();
    return enquiryChallenge(ctx.deps.config);
  }

  @Mutation(() => EnquiryReceiptType, {
    description:
      'Sends a message through the contact form (public). Refusals: BAD_USER_INPUT with extensions.errors [{field, message}] (the form\'s rules, a form sent too fast or altered, links beyond ENQUIRY_MAX_LINKS, a missing, wrong or used captcha), PAYLOAD_TOO_LARGE (over ENQUIRY_MAX_BYTES), TOO_MANY_REQUESTS (the hourly limits; extensions.retryAfterSeconds).',
  })
  submitEnquiry(@Arg('input', () => EnquiryInputType, { description: 'The form as the visitor filled it in, with its form token and captcha answer.' }) input: EnquiryInputType, @Ctx() ctx: GraphQLContext) {
    return submitEnquiry(ctx.em, { ...input }, { ip: ctx.req.ip ?? 'unknown', config: ctx.deps.config });
  }
}
