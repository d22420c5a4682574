import { execute, type GraphQLSchema } from 'graphql';
import type { GraphQLExecutor } from '../../../web/src/render-contract.js';
import type { GraphQLContext } from '../graphql/context.js';

/**
 * Executes the server renderer's queries against the schema in this process: no HTTP request to
 * itself, no socket, no JSON round trip. The queries are the web app's own, validated against the
 * schema when codegen compiled them, so they are executed directly.
 */
export function inProcessExecutor(schema: GraphQLSchema, context: GraphQLContext): GraphQLExecutor {
  return async ({ document, variables, operationName }) =>
    execute({ schema, document, variableValues: variables, operationName, contextValue: context });
}
