import { SEARCH_COUNT_LIMIT } from '@consulting/model';
import { Arg, Authorized, Ctx, Field, Int, Mutation, ObjectType, Query, registerEnumType, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context.js';
import { SOFT_DELETE_DAYS } from './enquiry-retention.js';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, MAX_SEARCH_LENGTH, type EnquiryStatus, type EnquiryView } from './inbox-query.js';
import * as inbox from './inbox.service.js';

// The enquiry inbox over GraphQL (the REST twin: inbox.routes.ts, the CSV export). Admins (the
// `enquiries` permission); the service checks it again and owns every rule.

const STATUSES: Record<EnquiryStatus, EnquiryStatus> = { ALL: 'ALL', UNREAD: 'UNREAD', HANDLED: 'HANDLED' };
registerEnumType(STATUSES, {
  name: 'EnquiryStatus',
  description: 'Which enquiries an inbox list shows.',
  valuesConfig: {
    ALL: { description: 'Every enquiry (deleted ones never).' },
    UNREAD: { description: 'Those not marked handled yet.' },
    HANDLED: { description: 'Those marked handled.' },
  },
});

@ObjectType('Enquiry', { description: 'A message a visitor sent through the contact form (admins). The client address is never shown.' })
export class EnquiryType implements EnquiryView {
  @Field(() => Int, { description: 'The id of the enquiry.' })
  id!: number;

  @Field(() => Date, { description: 'When it was received.' })
  createdAt!: Date;

  @Field(() => String, { description: 'Who wrote, as they gave their name.' })
  name!: string;

  @Field(() => String, { description: 'Where the answer goes.' })
  email!: string;

  @Field(() => String, { nullable: true, description: 'The organisation the enquiry is for; null when not given.' })
  organisation!: string | null;

  @Field(() => String, { description: "The service it is about: a service's value, or 'other'." })
  service!: string;

  @Field(() => String, { description: "The service's title as the form offered it ('Something else' for other)." })
  serviceLabel!: string;

  @Field(() => String, { description: 'The message itself.' })
  message!: string;

  @Field(() => String, { description: 'The privacy words the visitor agreed to when sending it.' })
  consentText!: string;

  @Field(() => Date, { nullable: true, description: 'When it was marked handled; null: unread.' })
  handledAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'Who marked it handled (a username); null: unread.' })
  handledBy!: string | null;
}

@ObjectType('EnquiryPage', { description: 'A page of the inbox and how many enquiries the filter selects.' })
export class EnquiryPageType implements inbox.EnquiryPage {
  @Field(() => [EnquiryType], { description: 'The enquiries of this page, newest first.' })
  items!: EnquiryType[];

  @Field(() => Int, { description: `How many enquiries the filter selects. With a search, counting stops at ${SEARCH_COUNT_LIMIT + 1} (more than ${SEARCH_COUNT_LIMIT}).` })
  total!: number;

  @Field(() => Int, { description: 'This page (from 1).' })
  page!: number;

  @Field(() => Int, { description: 'Enquiries per page.' })
  perPage!: number;
}

@ObjectType('EnquiryCounts', { description: 'How many enquiries the inbox holds (deleted ones left out).' })
export class EnquiryCountsType {
  @Field(() => Int, { description: 'Not marked handled yet (the unread badge).' })
  unread!: number;

  @Field(() => Int, { description: 'All of them.' })
  total!: number;
}

@Resolver()
export class InboxResolver {
  @Authorized('enquiries')
  @Query(() => EnquiryPageType, { description: 'The inbox of enquiries, newest first, searched, filtered by status and paged (admins).' })
  enquiries(
    @Ctx() ctx: GraphQLContext,
    @Arg('page', () => Int, { nullable: true, description: 'The page, from 1 (absent: 1).' }) page?: number | null,
    @Arg('perPage', () => Int, { nullable: true, description: `Enquiries per page (1 to ${MAX_PER_PAGE}; absent: ${DEFAULT_PER_PAGE}).` }) perPage?: number | null,
    @Arg('search', () => String, { nullable: true, description: `Only those whose name, email, organisation or message contains this text, ignoring case (at most ${MAX_SEARCH_LENGTH} characters).` }) search?: string | null,
    @Arg('status', () => STATUSES, { nullable: true, description: 'ALL (absent), UNREAD or HANDLED.' }) status?: EnquiryStatus | null,
  ) {
    return inbox.inboxPage(ctx.em, ctx.caller, { page, perPage, search, status });
  }

  @Authorized('enquiries')
  @Query(() => EnquiryType, { nullable: true, description: 'One enquiry by id; null when there is none (or it was deleted). Reading it does not mark it handled (admins).' })
  enquiry(@Ctx() ctx: GraphQLContext, @Arg('id', () => Int, { description: 'The id of the enquiry.' }) id: number) {
    return inbox.enquiryById(ctx.em, ctx.caller, id);
  }

  @Authorized('enquiries')
  @Query(() => EnquiryCountsType, { description: 'How many enquiries are unread and how many there are (admins).' })
  enquiryCounts(@Ctx() ctx: GraphQLContext) {
    return inbox.enquiryCounts(ctx.em, ctx.caller);
  }

  @Authorized('enquiries')
  @Mutation(() => EnquiryType, { description: 'Marks an enquiry handled (now, by you) or not handled; marking it as it is changes nothing (admins).' })
  markEnquiryHandled(
    @Ctx() ctx: GraphQLContext,
    @Arg('id', () => Int, { description: 'The id of the enquiry.' }) id: number,
    @Arg('handled', () => Boolean, { description: 'true: handled; false: back to unread.' }) handled: boolean,
  ) {
    return inbox.markEnquiryHandled(ctx.em, ctx.caller, id, handled);
  }

  @Authorized('enquiries')
  @Mutation(() => Boolean, { description: `Deletes an enquiry (restoreEnquiry undoes it; it is removed for good ${SOFT_DELETE_DAYS} days later). True when done (admins).` })
  deleteEnquiry(@Ctx() ctx: GraphQLContext, @Arg('id', () => Int, { description: 'The id of the enquiry.' }) id: number) {
    return inbox.deleteEnquiry(ctx.em, ctx.caller, id);
  }

  @Authorized('enquiries')
  @Mutation(() => EnquiryType, { description: 'Brings back a deleted enquiry (the undo of deleteEnquiry); one not deleted is answered as it is (admins).' })
  restoreEnquiry(@Ctx() ctx: GraphQLContext, @Arg('id', () => Int, { description: 'The id of the enquiry.' }) id: number) {
    return inbox.restoreEnquiry(ctx.em, ctx.caller, id);
  }
}
