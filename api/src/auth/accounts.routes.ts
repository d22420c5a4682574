import { bodyOf, errors, json, jsonBody, ref, textOf } from '../http/doc-parts.js';
import { ADMIN_API_ROOT, adminApiRoute, adminListRoute, adminRemoveRoute, type Route } from '../http/route.js';
import { emOf } from '../shared/request-context.js';
import { createUser, deleteUser, listAdmins, resetPassword, setRole } from './accounts.service.js';
import { ROLES } from './permissions.js';
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
const roleSchema = { type: 'string', enum: [...ROLES], description: 'admin (everything), editor (all content) or contributor (drafts only).' };
const accountId = { name: 'id', in: 'path', required: true, description: 'The id of the account (a UUID).', schema: { type: 'string' } };

export function accountRoutes(): Route[] {
  return [
    adminListRoute({ path: admins, access: 'accounts', tags, operationId: 'listAdmins', summary: 'Every administrator.', item: ref('User'), read: (req) => listAdmins(emOf(req), callerOf(req)) }),
    adminApiRoute({
      method: 'POST',
      access: 'accounts',
      path: admins,
      doc: {
        tags,
        operationId: 'createAdmin',
        summary: 'Adds an account with a generated password (role: admin unless given).',
        requestBody: jsonBody({ type: 'object', properties: { username: { type: 'string' }, role: roleSchema }, required: ['username'] }),
        responses: { 201: withPassword, ...errors(400, 401, 403) },
      },
      serve: () => async (req, res) => {
        const { user, password } = await createUser(emOf(req), callerOf(req), { username: textOf(req, 'username'), role: bodyOf(req).role });
        res.status(201).json({ user, password });
      },
    }),
    adminApiRoute({
      method: 'POST',
      access: 'accounts',
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
    adminApiRoute({
      method: 'PUT',
      access: 'accounts',
      path: `${ADMIN_API_ROOT}/users/:id/role`,
      doc: {
        tags,
        operationId: 'setUserRole',
        summary: "Changes an account's role (never the last admin's).",
        parameters: [accountId],
        requestBody: jsonBody({ type: 'object', properties: { role: roleSchema }, required: ['role'] }),
        responses: { 200: json(ref('User'), 'The account with its new role.'), ...errors(400, 401, 403, 404) },
      },
      serve: () => async (req, res) => {
        res.json(await setRole(emOf(req), callerOf(req), String(req.params.id), bodyOf(req).role));
      },
    }),
    adminRemoveRoute({
      path: `${admins}/:username`,
      access: 'accounts',
      tags,
      operationId: 'deleteAdmin',
      summary: 'Removes an administrator (not yourself, not the last one).',
      parameters: [username],
      remove: (req) => deleteUser(emOf(req), callerOf(req), String(req.params.username)),
    }),
  ];
}
