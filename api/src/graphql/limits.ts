import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { GraphQLError, type ASTVisitor, type ValidationContext, type ValidationRule } from 'graphql';


// Limits that refuse a hostile document during validation, before anything executes: maintained
// rules (graphql-armor's depth, alias and cost limits) plus our one
// login-per-request rule. Apollo runs these after graphql-js's standard rules pass (which already
// refuse recursive introspection such as `types { fields { type { fields ...`). The content schema
// is flat (depth 2); the generous depth and cost let GraphQL tooling's introspection query through
// (graphql-js's full one measures depth 15 and 230 fields).
/** The largest request body /graphql reads (the JSON parser's limit, and the path before Express's). */
export const GRAPHQL_MAX_BODY_BYTES = 100 * 1024;

export const queryLimits = {
  maxDepth: 20,
  maxAliases: 15,
  /** Field selections after expanding fragments (a fragment itself counts 1 or 2): a cheap, predictable cost. */
  maxCost: 600,
  /** One login attempt per request, so aliases cannot multiply guesses. */
  maxLoginFields: 1,
  /** Parser token cap: a huge document is refused before validation even starts. */
  maxTokens: 4000,
} as const;

export type QueryLimits = { [K in keyof typeof queryLimits]: number };

/** Apollo reports these as GRAPHQL_VALIDATION_FAILED (HTTP 400); `limit` says which one. */
const refusal = (message: string, limit: keyof QueryLimits) => new GraphQLError(message, { extensions: { limit } });

/** graphql-armor rules report through us (our message and `limit`) instead of throwing their own. */
function reportAs(message: string, limit: keyof QueryLimits) {
  return {
    propagateOnRejection: false,
    onReject: [(context: ValidationContext | null) => context?.reportError(refusal(message, limit))],
  };
}

/** The mutations that take a password, a code or a passkey: together, one per request. */
const SIGN_IN_FIELDS = new Set(['login', 'signIn', 'signInWithCode', 'signInWithPasskey', 'confirmTotpEnrolment']);

/** Refuses more than one sign-in field (aliases could otherwise multiply password or code guesses). */
export function loginLimit(limits: QueryLimits = queryLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    let logins = 0;
    return {
      Field(node) {
        if (SIGN_IN_FIELDS.has(node.name.value) && context.getParentType()?.name === 'Mutation') logins += 1;
      },
      Document: {
        leave() {
          if (logins > limits.maxLoginFields) context.reportError(refusal('Only one login is allowed per request', 'maxLoginFields'));
        },
      },
    };
  };
}

export function limitRules(limits: QueryLimits = queryLimits): ValidationRule[] {
  return [
    // Fragments are transparent (a spread adds no level) and introspection counts like any query.
    maxDepthRule({
      n: limits.maxDepth,
      flattenFragments: true,
      ignoreIntrospection: false,
      ...reportAs(`Query is too deep: the maximum depth is ${limits.maxDepth}`, 'maxDepth'),
    }) as ValidationRule,
    maxAliasesRule({
      n: limits.maxAliases,
      allowList: [],
      ...reportAs(`Too many aliases: the maximum is ${limits.maxAliases}`, 'maxAliases'),
    }) as ValidationRule,
    // Every selected field costs 1 whatever its depth, fragments expanded: about the number of field selections.
    costLimitRule({
      maxCost: limits.maxCost,
      objectCost: 1,
      scalarCost: 1,
      depthCostFactor: 1,
      flattenFragments: true,
      ignoreIntrospection: false,
      ...reportAs(`Query is too complex: the maximum is ${limits.maxCost} fields`, 'maxCost'),
    }) as ValidationRule,
    loginLimit(limits),
  ];
}

export const queryLimitRules: ValidationRule[] = limitRules();

/**
 * Deepest nesting of arrays and objects accepted in a request's variables. The schema's inputs
 * nest a few levels at most; without a bound, variables nested thousands deep (a few KB) would
 * make anything that walks them recursively (a cache key, a log line) overflow the stack.
 */
export const MAX_VARIABLES_DEPTH = 32;

/** Whether arrays and objects in `value` nest deeper than `max` (walked without recursion). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
    }
  }
  return false;
}
