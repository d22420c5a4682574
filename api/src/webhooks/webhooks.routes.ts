import { callerOf } from '../auth/session.js';
import { errors, idOf, idParameter, json, jsonBody, ref } from '../http/doc-parts.js';
import { ADMIN_API_ROOT, adminApiRoute, adminListRoute, adminRemoveRoute, type Route } from '../http/route.js';
import { emOf } from '../shared/request-context.js';
import * as deliveries from './deliveries.service.js';
import * as webhooks from './webhooks.service.js';

// The REST rows of webhook endpoints and their delivery log (the GraphQL twin: webhooks.resolver.ts).

const tags = ['Webhooks'];
const endpoint = ref('WebhookEndpoint');
const delivery = ref('WebhookDelivery');
const body = jsonBody(ref('WebhookEndpointInput'));
const root = `${ADMIN_API_ROOT}/webhooks`;

export function webhookRoutes(): Route[] {
  return [
    adminListRoute({ path: root, access: 'webhooks', tags, operationId: 'listWebhooks', summary: 'Registered endpoints.', item: endpoint, read: (req) => webhooks.listEndpoints(emOf(req), callerOf(req)) }),
    adminApiRoute({
      access: 'webhooks',
      method: 'POST',
      path: root,
      doc: { tags, operationId: 'createWebhook', summary: 'Registers an endpoint.', requestBody: body, responses: { 201: json(endpoint, 'Created.'), ...errors(400, 401, 403) } },
      serve: ({ deps }) => async (req, res) => {
        res.status(201).json(await webhooks.createEndpoint(emOf(req), req.body, callerOf(req), webhooks.settingsOf(deps.config)));
      },
    }),
    adminApiRoute({
      access: 'webhooks',
      method: 'PUT',
      path: `${root}/:id`,
      doc: { tags, operationId: 'updateWebhook', summary: 'Changes an endpoint.', parameters: [idParameter], requestBody: body, responses: { 200: json(endpoint, 'Saved.'), ...errors(400, 401, 403, 404) } },
      serve: ({ deps }) => async (req, res) => {
        res.json(await webhooks.updateEndpoint(emOf(req), idOf(req), req.body, callerOf(req), webhooks.settingsOf(deps.config)));
      },
    }),
    adminRemoveRoute({
      path: `${root}/:id`,
      access: 'webhooks',
      tags,
      operationId: 'deleteWebhook',
      summary: 'Removes an endpoint.',
      parameters: [idParameter],
      remove: (req) => webhooks.deleteEndpoint(emOf(req), idOf(req), callerOf(req)),
    }),
    adminApiRoute({
      access: 'webhooks',
      method: 'GET',
      path: `${root}/:id/deliveries`,
      doc: {
        tags,
        operationId: 'listWebhookDeliveries',
        summary: "An endpoint's deliveries, newest first.",
        parameters: [
          idParameter,
          {
            name: 'limit',
            in: 'query',
            required: false,
            description: `At most this many (1 to ${deliveries.MAX_LOG_ROWS}; absent: ${deliveries.DEFAULT_LOG_ROWS}).`,
            schema: { type: 'integer', minimum: 1, maximum: deliveries.MAX_LOG_ROWS },
          },
        ],
        responses: { 200: json({ type: 'array', items: delivery }, 'The deliveries.'), ...errors(400, 401, 404) },
      },
      serve: () => async (req, res) => {
        res.json(await deliveries.listDeliveries(emOf(req), idOf(req), callerOf(req), req.query.limit));
      },
    }),
    adminApiRoute({
      access: 'webhooks',
      method: 'POST',
      path: `${root}/:id/test`,
      doc: { tags, operationId: 'sendTestWebhook', summary: 'Queues a signed webhook.test event.', parameters: [idParameter], responses: { 202: json(delivery, 'Queued.'), ...errors(401, 403, 404) } },
      serve: () => async (req, res) => {
        res.status(202).json(await deliveries.sendTestEvent(emOf(req), idOf(req), callerOf(req)));
      },
    }),
  ];
}
