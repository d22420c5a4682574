import type { EntityClass, EntitySchema } from '@mikro-orm/core';
import { closeContentTypes, editableFields, type ContentType } from '@consulting/model';
import { contentInput, contentObjectType } from './graphql-types.js';
import { contentEntitySchema, type ContentEntity } from './entity-schema.js';
import { searchExpression } from './search-sql.js';
import { collectionService } from './collection.service.js';
import { singletonService } from './singleton.service.js';
import { choiceFilterFields, filterFields, type ChoiceFilter, type ListCapabilities } from './list-options.js';
import type { CollectionOperations, SingletonOperations } from './collection.js';
import { NotFound } from '../shared/errors.js';

// Every content type, once, derived from the content model's list (model/src/content-types.ts):
// its entity, GraphQL types and service. The REST routes, the GraphQL resolvers, the OpenAPI
// document, the webhooks and the backups are generated from these lists, so a type declared in
// the model has its endpoints on every surface (its table comes from a generated migration, its
// triggers from db/content-triggers.ts).

interface Definition<T extends object> {
  /** The content model's declaration. */
  type: ContentType;
  /** URL segment: /api/<path>, /api/admin/<path>. */
  path: string;
  /** The records' class: the entity (through `schema`) and the GraphQL object type. */
  entity: EntityClass<T>;
  /** The MikroORM entity, derived from the declaration (entity-schema.ts). */
  schema: EntitySchema;
  /** type-graphql input class. */
  input: new () => object;
  /** GraphQL object type name, e.g. 'TeamMember' (mutations: createTeamMember...). */
  typeName: string;
}

export interface CollectionDefinition<T extends object = any> extends Definition<T> {
  service: CollectionOperations<T>;
  /** GraphQL query field listing the collection, e.g. 'teamMembers'. */
  listField: string;
  /** GraphQL query field of one record by id, e.g. 'teamMember', 'newsItem'. */
  itemField: string;
  /** The on/off fields its lists can be filtered by (`featured`). */
  filters: string[];
  /** The choice fields its lists can be filtered by (`linkedFrom`): those with a GraphQL enum. */
  choiceFilters: ChoiceFilter[];
  /** What its lists can be searched and sorted by (the model's `listing`; the display order always). */
  listing: ListCapabilities;
}

export interface SingletonDefinition<T extends object = any> extends Definition<T> {
  service: SingletonOperations<T>;
  /** GraphQL query field, e.g. 'landingContent'. */
  field: string;
}

/** The sortable fields of a collection: its declared ones (checked), then the display order. */
function sortableFields(type: ContentType): string[] {
  const declared = [...(type.listing?.sort ?? [])];
  for (const key of declared) {
    const known = key === 'createdAt' ? type.createdAt === true : key in type.fields && type.fields[key].kind !== 'flag';
    if (!known) throw new Error(`${type.typeName}: cannot sort by ${key}`);
  }
  return [...declared, 'displayOrder'];
}

const classes = new Map<string, EntityClass<any>>();

function definition(type: ContentType) {
  const entity = contentObjectType(type);
  classes.set(type.typeName, entity);
  const fields = editableFields(type);
  const schema = contentEntitySchema(type, entity);
  return { type, path: type.restPath, entity: entity as EntityClass<any>, schema, input: contentInput(type, fields), typeName: type.typeName, fields };
}

const contentTypes = closeContentTypes();

export const collections: readonly CollectionDefinition[] = contentTypes
  .filter((type) => type.kind === 'collection')
  .map((type) => {
    const { fields, ...common } = definition(type);
    return {
      ...common,
      listField: type.queryField,
      itemField: type.itemField,
      filters: filterFields(type.fields),
      choiceFilters: choiceFilterFields(type.fields),
      listing: { searchable: searchExpression(type) !== null, sortable: sortableFields(type) },
      service: collectionService(common.entity, fields, type.labels.entity, type.restPath, {
        searchExpression: searchExpression(type),
        flags: filterFields(type.fields),
      }),
    };
  });

export const singletons: readonly SingletonDefinition[] = contentTypes
  .filter((type) => type.kind === 'singleton')
  .map((type) => {
    const { fields, ...common } = definition(type);
    return { ...common, field: type.queryField, service: singletonService(common.entity, fields, type.labels.entity, type.restPath) };
  });

/** The entity class of a content type (em.find, em.create), typed by its declaration. */
export function entityOf<C extends ContentType>(type: C): ContentEntity<C> {
  const entity = classes.get(type.typeName);
  if (!entity) throw new Error(`${type.typeName} is not a registered content type`);
  return entity as ContentEntity<C>;
}

/** The content type at a REST path ('news', 'landing-content'): NotFound for an unknown one. */
export function definitionOf(path: string): CollectionDefinition | SingletonDefinition {
  const definition = [...collections, ...singletons].find((d) => d.path === path);
  if (!definition) throw new NotFound(`Unknown collection ${path}`);
  return definition;
}
