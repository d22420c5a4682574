import type { ReactNode } from 'react';
import { jest } from '@jest/globals';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Observable } from 'rxjs';
import type { FormattedExecutionResult, GraphQLFormattedError } from 'graphql';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../theme';
import AdminApp from '../AdminApp';
import { ImageUploaderContext } from '../forms/FormFields';
import type { ImageUploader } from '../forms/upload-image';
import { WORKFLOW_DEFAULTS } from './workflow-answers';

// Component tests drive the real admin screens against a fake GraphQL server (an Apollo link that
// answers by operation name), so each test states exactly what the API says.

export type Answer = FormattedExecutionResult | Error;
export type Handler = (variables: Record<string, unknown>) => Answer | Promise<Answer>;

export interface FakeServer {
  handlers: Record<string, Handler>;
  /** Every operation sent, in order: name and variables. */
  calls: { operationName: string; variables: Record<string, unknown> }[];
  callsOf(operationName: string): Record<string, unknown>[];
}

export function gqlError(code: string, message: string, extra: Record<string, unknown> = {}): FormattedExecutionResult {
  const error: GraphQLFormattedError = { message, extensions: { code, ...extra } };
  return { data: null, errors: [error] };
}

/** The shell's own questions (the sidebar's unread enquiries, for admins): nothing unread unless a test says otherwise. */
const SHELL_DEFAULTS: Record<string, Handler> = {
  AdminEnquiryCounts: () => ({ data: { enquiryCounts: { __typename: 'EnquiryCounts', unread: 0, total: 0 } } }),
};

export function fakeServer(handlers: Record<string, Handler>): FakeServer {
  const server: FakeServer = {
    // The workflow's queries every screen may send get quiet answers unless the test gives its own.
    handlers: { ...WORKFLOW_DEFAULTS, ...SHELL_DEFAULTS, ...handlers },
    calls: [],
    callsOf: (name) => server.calls.filter((c) => c.operationName === name).map((c) => c.variables),
  };
  return server;
}

/** An Apollo link answering from the fake server. */
export function linkFor(server: FakeServer) {
  return new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const name = operation.operationName ?? '';
        const variables = (operation.variables ?? {}) as Record<string, unknown>;
        server.calls.push({ operationName: name, variables });
        const handler = server.handlers[name];
        Promise.resolve()
          .then(() => {
            if (!handler) throw new Error(`No fake answer for ${name}`);
            return handler(variables);
          })
          .then((answer) => {
            if (answer instanceof Error) throw answer;
            return answer;
          })
          .then(
            (answer) => {
              observer.next(answer as ApolloLink.Result);
              observer.complete();
            },
            (error: unknown) => observer.error(error),
          );
      }),
  );
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Resolves when `release()` is called: lets a test look at a pending state. */
export function deferred<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** Every permission of the server's Admin role (auth/permissions.ts). */
export const ADMIN_PERMISSIONS = ['content.draft', 'content.publish', 'accounts', 'webhooks', 'activity', 'settings', 'enquiries'];
const ROLE_PERMISSIONS: Record<string, string[]> = { admin: ADMIN_PERMISSIONS, editor: ['content.draft', 'content.publish'], contributor: ['content.draft'] };

/** The `me` answer of an account with `role` (and the permissions the server gives it). */
export const signedInAs =
  (role: 'admin' | 'editor' | 'contributor', username = role === 'admin' ? 'admin' : role): Handler =>
  () => ({ data: { me: { __typename: 'User', id: 'u1', username, role, permissions: ROLE_PERMISSIONS[role] } } });

export const SIGNED_IN: Handler = signedInAs('admin');
export const SIGNED_OUT: Handler = () => ({ data: { me: null } });

export function renderAdmin(
  path: string,
  options: { server: FakeServer; uploader?: ImageUploader; children?: ReactNode; client?: ApolloClient },
) {
  const redirectToLogin = jest.fn();
  const client = options.client ?? new ApolloClient({ link: linkFor(options.server), cache: new InMemoryCache() });
  const uploader: ImageUploader = options.uploader ?? (async () => '/uploads/test.png');
  const view = render(
    <ChakraProvider value={system}>
      <ApolloProvider client={client}>
        <ImageUploaderContext.Provider value={uploader}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/admin/*" element={<AdminApp redirectToLogin={redirectToLogin} />} />
              <Route path="*" element={<p>Public page</p>} />
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </ImageUploaderContext.Provider>
      </ApolloProvider>
    </ChakraProvider>,
  );
  return { ...view, client, redirectToLogin };
}
