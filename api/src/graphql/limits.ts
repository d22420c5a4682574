import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

// Limits that refuse a hostile document during validation, before anything executes. Apollo
// runs these after graphql-js's standard rules pass (which already refuse recursive
// introspection such as `types { fields { type { fields ...`). The content schema is flat
// (depth 2); the generous depth and cost let GraphQL tooling's introspection query through
// (graphql-js's full one measures depth 15 and 230 fields).
export const queryLimits = {
  maxDepth: 20,
  maxAliases: 15,
  /** Field selections after expanding fragments: a cheap, predictable cost. */
  maxCost: 600,
  /** One login attempt per request, so aliases cannot multiply guesses. */
  maxLoginFields: 1,
  /** Parser token cap: a huge document is refused before validation even starts. */
  maxTokens: 4000,
} as const;

export type QueryLimits = { [K in keyof typeof queryLimits]: number };

interface Measure {
  depth: number;
  cost: number;
}

/**
 * Depth and field count of a selection set, following fragment spreads. Each fragment is measured
 * once (memoised), so nested spreads cannot make this exponential; cycles count as empty (the
 * standard NoFragmentCycles rule refuses them anyway).
 */
function measure(
  selectionSet: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  memo: Map<string, Measure | 'visiting'>,
): Measure {
  let depth = 0;
  let cost = 0;
  for (const selection of selectionSet.selections) {
    let inner: Measure;
    if (selection.kind === Kind.FIELD) {
      const sub = selection.selectionSet ? measure(selection.selectionSet, fragments, memo) : { depth: 0, cost: 0 };
      inner = { depth: sub.depth + 1, cost: sub.cost + 1 };
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      inner = measure(selection.selectionSet, fragments, memo);
    } else {
      inner = measureFragment(selection.name.value, fragments, memo);
    }
    depth = Math.max(depth, inner.depth);
    cost += inner.cost;
  }
  return { depth, cost };
}

function measureFragment(
  name: string,
  fragments: Map<string, FragmentDefinitionNode>,
  memo: Map<string, Measure | 'visiting'>,
): Measure {
  const known = memo.get(name);
  if (known === 'visiting') return { depth: 0, cost: 0 };
  if (known) return known;
  const fragment = fragments.get(name);
  if (!fragment) return { depth: 0, cost: 0 };
  memo.set(name, 'visiting');
  const result = measure(fragment.selectionSet, fragments, memo);
  memo.set(name, result);
  return result;
}

/** Apollo reports these as GRAPHQL_VALIDATION_FAILED (HTTP 400); `limit` says which one. */
function refuse(context: ValidationContext, message: string, limit: keyof QueryLimits) {
  context.reportError(new GraphQLError(message, { extensions: { limit } }));
}

/** Refuses operations that are too deep or select too many fields. */
export function depthAndCostLimit(limits: QueryLimits = queryLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    const memo = new Map<string, Measure | 'visiting'>();
    return {
      OperationDefinition(node) {
        const { depth, cost } = measure(node.selectionSet, fragments, memo);
        if (depth > limits.maxDepth) {
          refuse(context, `Query is too deep: the maximum depth is ${limits.maxDepth}`, 'maxDepth');
        }
        if (cost > limits.maxCost) {
          refuse(context, `Query is too complex: the maximum is ${limits.maxCost} fields`, 'maxCost');
        }
      },
    };
  };
}

/** Refuses documents with many aliases (alias flooding) and more than one login field. */
export function aliasAndLoginLimit(limits: QueryLimits = queryLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    let aliases = 0;
    let logins = 0;
    return {
      Field(node) {
        if (node.alias) aliases += 1;
        if (node.name.value === 'login' && context.getParentType()?.name === 'Mutation') logins += 1;
      },
      Document: {
        leave() {
          if (aliases > limits.maxAliases) {
            refuse(context, `Too many aliases: the maximum is ${limits.maxAliases}`, 'maxAliases');
          }
          if (logins > limits.maxLoginFields) {
            refuse(context, 'Only one login is allowed per request', 'maxLoginFields');
          }
        },
      },
    };
  };
}

export const queryLimitRules: ValidationRule[] = [depthAndCostLimit(), aliasAndLoginLimit()];
