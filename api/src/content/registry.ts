import type { EntityClass } from '@mikro-orm/core';
import { contentTypes, editableFields, type ContentType } from '@consulting/model';
import { contentInput, searchExpression } from './columns.js';
import { collectionService, singletonService } from './collection.service.js';
import { filterFields, type ListCapabilities } from './list-options.js';
import type { CollectionOperations, SingletonOperations } from './collection.js';
import { Brand } from './brands/brand.entity.js';
import { Client } from './clients/client.entity.js';
import { ContactInfo } from './contact-info/contact-info.entity.js';
import { Country } from './countries/country.entity.js';
import { LandingContent } from './landing-content/landing-content.entity.js';
import { News } from './news/news.entity.js';
import { Statistics } from './statistics/statistics.entity.js';
import { TeamMember } from './team-members/team-member.entity.js';

// Every content type, once, derived from the content model. The REST routers and the GraphQL
// resolvers are generated from these lists; adding a type to the model (and its entity class
// here) adds its endpoints on both surfaces.

const entities: Record<string, EntityClass<any>> = {
  Country,
  Brand,
  TeamMember,
  News,
  Client,
  ContactInfo,
  LandingContent,
  Statistics,
};

interface Definition<T extends object> {
  /** The content model's declaration. */
  type: ContentType;
  /** URL segment: /api/<path>, /api/admin/<path>. */
  path: string;
  entity: EntityClass<T>;
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
  /** What its lists can be searched and sorted by (the model's `listing`; the display order always). */
  listing: ListCapabilities;
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

export interface SingletonDefinition<T extends object = any> extends Definition<T> {
  service: SingletonOperations<T>;
  /** GraphQL query field, e.g. 'landingContent'. */
  field: string;
}

function definition(type: ContentType) {
  const entity = entities[type.typeName];
  if (!entity) throw new Error(`No entity class for the content type ${type.typeName}`);
  const fields = editableFields(type);
  return { type, path: type.restPath, entity, input: contentInput(type, fields), typeName: type.typeName, fields };
}

export const collections: readonly CollectionDefinition[] = contentTypes
  .filter((type) => type.kind === 'collection')
  .map((type) => {
    const { fields, ...common } = definition(type);
    const itemField = (type as ContentType).itemField ?? type.typeName[0].toLowerCase() + type.typeName.slice(1);
    if (itemField === type.queryField) throw new Error(`${type.typeName}: itemField must differ from queryField`);
    return {
      ...common,
      listField: type.queryField,
      itemField,
      filters: filterFields(type.fields),
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
