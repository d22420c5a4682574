import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context.js';
import { WebhookDeliveryType, WebhookEndpointInput, WebhookEndpointType } from './webhook.types.js';
import * as webhooks from './webhooks.service.js';

// Admin-only webhook management; the service checks the caller and owns every rule.

const settingsOf = (ctx: GraphQLContext) => ({ allowPrivateTargets: ctx.deps.config.webhookAllowPrivateTargets });

@Resolver()
export class WebhooksResolver {
  @Query(() => [WebhookEndpointType], { description: 'Registered webhook endpoints (admin).' })
  webhooks(@Ctx() ctx: GraphQLContext) {
    return webhooks.listEndpoints(ctx.em, ctx.caller);
  }

  @Query(() => [String], { description: 'Collection names an endpoint may subscribe to (admin).' })
  webhookCollections(@Ctx() ctx: GraphQLContext) {
    return webhooks.subscribableCollections(ctx.em, ctx.caller);
  }

  @Query(() => [WebhookDeliveryType], { description: "An endpoint's deliveries, newest first (admin)." })
  webhookDeliveries(
    @Arg('endpointId', () => Int) endpointId: number,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return webhooks.listDeliveries(ctx.em, endpointId, ctx.caller, limit ?? undefined);
  }

  @Mutation(() => WebhookEndpointType)
  createWebhook(@Arg('input', () => WebhookEndpointInput) input: WebhookEndpointInput, @Ctx() ctx: GraphQLContext) {
    return webhooks.createEndpoint(ctx.em, { ...input }, ctx.caller, settingsOf(ctx));
  }

  @Mutation(() => WebhookEndpointType)
  updateWebhook(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => WebhookEndpointInput) input: WebhookEndpointInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return webhooks.updateEndpoint(ctx.em, id, { ...input }, ctx.caller, settingsOf(ctx));
  }

  @Mutation(() => Boolean)
  async deleteWebhook(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext) {
    await webhooks.deleteEndpoint(ctx.em, id, ctx.caller);
    return true;
  }

  @Mutation(() => WebhookDeliveryType, { description: 'Queues a signed webhook.test event for the endpoint.' })
  sendTestWebhook(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext) {
    return webhooks.sendTestEvent(ctx.em, id, ctx.caller);
  }
}
