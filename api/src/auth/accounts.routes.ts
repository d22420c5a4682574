import { errors, json, jsonBody, ref, textOf } from '../http/doc-parts.js';
import { ADMIN_API_ROOT, adminApiRoute, adminListRoute, adminRemoveRoute, type Route } from '../http/route.js';
import { emOf } from '../shared/request-context.js';
import { createUser, deleteUser, listAdmins, resetPassword } from './accounts.service.js';
import { callerOf } from './session.js';

// Accounts over REST: the same auth service as the CLI and GraphQL. Generated passwords are in
// the answer once, never stored. Changing one's own password is in auth.routes.ts.

const tags = ['Accounts'];
const withPassword = json(
  {
    type: 'object',
    description: 'The account and its generated password: shown once, never stored in clear.',
    properties: { user: ref('User'), password: { type: 'string' } },
    required: ['user', 'password'],
    additionalProperties: false,
  },
  'The account and its new password.',
);
const username = { name: 'username', in: 'path', required: true, description: 'The sign-in name of the account.', schema: { type: 'string' } };
const admins = `${ADMIN_API_ROOT}/admins`;

export function accountRoutes(): Route[] {
  return [
    adminListRoute({ path: admins, tags, operationId: 'listAdmins', summary: 'Every administrator.', item: ref('User'), read: (req) => listAdmins(emOf(req), callerOf(req)) }),
    adminApiRoute({
      method: 'POST',
      path: admins,
      doc: {
        tags,
        operationId: 'createAdmin',
        summary: 'Adds an administrator with a generated password.',
        requestBody: jsonBody({ type: 'object', properties: { username: { type: 'string' } }, required: ['username'] }),
        responses: { 201: withPassword, ...errors(400, 401, 403) },
      },
      serve: () => async (req, res) => {
        const { user, password } = await createUser(emOf(req), callerOf(req), { username: textOf(req, 'username') });
        res.status(201).json({ user, password });
      },
    }),
    adminApiRoute({
      method: 'POST',
      path: `${admins}/:username/reset-password`,
      doc: {
        tags,
        operationId: 'resetAdminPassword',
        summary: 'Gives an administrator a new generated password and ends their sessions.',
        parameters: [username],
        responses: { 200: withPassword, ...errors(401, 403, 404) },
      },
      serve: () => async (req, res) => {
        const { user, password } = await resetPassword(emOf(req), callerOf(req), String(req.params.username));
        res.json({ user, password });
      },
    }),
    adminRemoveRoute({
      path: `${admins}/:username`,
      tags,
      operationId: 'deleteAdmin',
      summary: 'Removes an administrator (not yourself, not the last one).',
      parameters: [username],
      remove: (req) => deleteUser(emOf(req), callerOf(req), String(req.params.username)),
    }),
  ];
}
