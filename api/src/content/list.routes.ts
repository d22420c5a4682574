import { MAX_LIST_LIMIT, SEARCH_COUNT_LIMIT, sharedDescriptions } from '@consulting/model';
import type { EntityManager } from '@mikro-orm/postgresql';
import { errors, json, ref } from '../http/doc-parts.js';
import { publicApiRoute, type CachedRead, type Route } from '../http/route.js';
import { emOf } from '../shared/request-context.js';
import { choiceFilterDescription, MAX_SEARCH_LENGTH, parseListOptions, TOTAL_COUNT_HEADER, type ListOptions } from './list-options.js';
import type { CollectionDefinition } from './registry.js';

// GET /api/<collection>: a collection's list, with its query parameters declared once here. The
// declaration feeds the OpenAPI document and the read cache: a list asked for with only the
// parameters that are part of its cache key (paging, flag filters) is a public read, kept per
// content revision; one that uses any other declared parameter (an admin's search or sort) is
// answered by the route each time.

interface ListParameter {
  name: string;
  description: string;
  schema: Record<string, unknown>;
  /** Part of the cache key: lists that differ only in these are kept apart. Else: not cached. */
  cacheKey: boolean;
}

function listParameters({ type, filters, choiceFilters, listing }: CollectionDefinition): ListParameter[] {
  return [
    { name: 'limit', cacheKey: true, description: sharedDescriptions.limit, schema: { type: 'integer', minimum: 1, maximum: MAX_LIST_LIMIT } },
    { name: 'offset', cacheKey: true, description: sharedDescriptions.offset, schema: { type: 'integer', minimum: 0 } },
    ...filters.map((name) => ({ name, cacheKey: true, description: sharedDescriptions.flagFilter(type.fields[name].messageName), schema: { type: 'boolean' } })),
    ...choiceFilters.map((filter) => ({ name: filter.name, cacheKey: true, description: choiceFilterDescription(filter), schema: { type: 'string', enum: [...filter.values] } })),
    ...(listing.searchable
      ? [
          {
            name: 'search',
            cacheKey: false,
            description: `Only records whose text (${(type.listing?.search ?? []).join(', ')}) contains this, ignoring case; % _ and \\ are taken literally. 1 to ${MAX_SEARCH_LENGTH} characters after trimming; needs limit. ${TOTAL_COUNT_HEADER} of a search is at most ${SEARCH_COUNT_LIMIT + 1} (more than ${SEARCH_COUNT_LIMIT}).`,
            schema: { type: 'string', maxLength: MAX_SEARCH_LENGTH },
          },
        ]
      : []),
    {
      name: 'sort',
      cacheKey: false,
      description: 'Order by this field, - first for descending; ties by id in the same direction. Needs limit. Absent: display order, then id.',
      schema: { type: 'string', enum: listing.sortable.flatMap((name) => [name, `-${name}`]) },
    },
  ];
}

/** A list's answer: its records, and how many match its filters in all (the X-Total-Count header). */
export class Listed {
  constructor(
    readonly items: unknown[],
    readonly total: number,
  ) {}
}

/** `limit=5&featured=true` in one order, only the parameters given (so equal reads share a key). */
function optionsKey(options: ListOptions): string {
  const parts: string[] = [];
  if (options.limit !== undefined) parts.push(`limit=${options.limit}`);
  if (options.offset) parts.push(`offset=${options.offset}`);
  for (const name of Object.keys(options.where ?? {}).sort()) parts.push(`${name}=${options.where![name]}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The cached read of a list query string, or null: not a public read (a search or sort), or wrong parameters (the route answers 400). */
function cachedList(definition: CollectionDefinition, parameters: ListParameter[], search: string): CachedRead | null {
  const params = new URLSearchParams(search);
  if (parameters.some((p) => !p.cacheKey && params.has(p.name))) return null;
  const raw: Record<string, unknown> = {};
  for (const { name } of parameters.filter((p) => p.cacheKey)) {
    const values = params.getAll(name);
    if (values.length > 0) raw[name] = values.length === 1 ? values[0] : values;
  }
  let options: ListOptions;
  try {
    options = parseListOptions(raw, definition.filters, undefined, { choices: definition.choiceFilters });
  } catch {
    return null;
  }
  return {
    key: `rest /api/${definition.path}${optionsKey(options)}`,
    read: async (em: EntityManager) => {
      const { items, total } = await definition.service.listWithTotal(em, options);
      return new Listed(items, total);
    },
  };
}

export function listRoute(definition: CollectionDefinition, path: string): Route {
  const { type, typeName, service, filters, choiceFilters, listing } = definition;
  const parameters = listParameters(definition);
  return publicApiRoute({
    method: 'GET',
    path,
    cors: true,
    cached: (_params, search) => cachedList(definition, parameters, search),
    doc: {
      tags: [type.labels.plural],
      operationId: `list${typeName}`,
      summary: sharedDescriptions.list(type.description),
      description: `Without limit and offset: every record. With them: one page; ${TOTAL_COUNT_HEADER} says how many there are in all (with the filters and search). search and sort need limit.`,
      parameters: parameters.map(({ name, description, schema }) => ({ name, in: 'query', required: false, description, schema })),
      responses: {
        200: {
          ...json({ type: 'array', items: ref(typeName) }, 'The records.'),
          headers: {
            [TOTAL_COUNT_HEADER]: {
              description: `How many records match the filters in all (whatever limit and offset). With a search, counting stops: at most ${SEARCH_COUNT_LIMIT + 1}, which means more than ${SEARCH_COUNT_LIMIT}.`,
              schema: { type: 'integer', minimum: 0 },
            },
          },
        },
        ...errors(400, 503),
      },
    },
    serve: () => async (req, res) => {
      const { items, total } = await service.listWithTotal(emOf(req), parseListOptions(req.query as Record<string, unknown>, filters, listing, { choices: choiceFilters }));
      res.setHeader(TOTAL_COUNT_HEADER, String(total));
      res.json(items);
    },
  });
}
