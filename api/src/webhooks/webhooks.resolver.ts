import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context.js';
import { WebhookDeliveryType, WebhookEndpointInput, WebhookEndpointType } from './webhook.types.js';
import * as deliveries from './deliveries.service.js';
import * as webhooks from './webhooks.service.js';

// Admin-only webhook management; the service checks the caller and owns every rule.


@Resolver()
export class WebhooksResolver {
  @Authorized('webhooks')
  @Query(() => [WebhookEndpointType], { description: 'Registered webhook endpoints (admin).' })
  webhooks(@Ctx() ctx: GraphQLContext) {
    return webhooks.listEndpoints(ctx.em, ctx.caller);
  }

  @Authorized('webhooks')
  @Query(() => [String], { description: 'Collection names an endpoint may subscribe to (admin).' })
  webhookCollections(@Ctx() ctx: GraphQLContext) {
    return webhooks.subscribableCollections(ctx.em, ctx.caller);
  }

  @Authorized('webhooks')
  @Query(() => [WebhookDeliveryType], { description: "An endpoint's deliveries, newest first (admin)." })
  webhookDeliveries(
    @Arg('endpointId', () => Int, { description: 'The endpoint.' }) endpointId: number,
    @Arg('limit', () => Int, { nullable: true, description: 'At most this many deliveries.' }) limit: number | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return deliveries.listDeliveries(ctx.em, endpointId, ctx.caller, limit);
  }

  @Authorized('webhooks')
  @Mutation(() => WebhookEndpointType, { description: 'Registers an endpoint (admin).' })
  createWebhook(@Arg('input', () => WebhookEndpointInput, { description: 'Its settings.' }) input: WebhookEndpointInput, @Ctx() ctx: GraphQLContext) {
    return webhooks.createEndpoint(ctx.em, { ...input }, ctx.caller, webhooks.settingsOf(ctx.deps.config));
  }

  @Authorized('webhooks')
  @Mutation(() => WebhookEndpointType, { description: 'Changes an endpoint (admin).' })
  updateWebhook(
    @Arg('id', () => Int, { description: 'The endpoint.' }) id: number,
    @Arg('input', () => WebhookEndpointInput, { description: 'The settings to change.' }) input: WebhookEndpointInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return webhooks.updateEndpoint(ctx.em, id, { ...input }, ctx.caller, webhooks.settingsOf(ctx.deps.config));
  }

  @Authorized('webhooks')
  @Mutation(() => Boolean, { description: 'Removes an endpoint (admin); true when done.' })
  async deleteWebhook(@Arg('id', () => Int, { description: 'The endpoint.' }) id: number, @Ctx() ctx: GraphQLContext) {
    await webhooks.deleteEndpoint(ctx.em, id, ctx.caller);
    return true;
  }

  @Authorized('webhooks')
  @Mutation(() => WebhookDeliveryType, { description: 'Queues a signed webhook.test event for the endpoint.' })
  sendTestWebhook(@Arg('id', () => Int, { description: 'The endpoint.' }) id: number, @Ctx() ctx: GraphQLContext) {
    return deliveries.sendTestEvent(ctx.em, id, ctx.caller);
  }
}
