import type { EntityClass } from '@mikro-orm/core';
import { contentTypes, editableFields, type ContentType } from '@consulting/model';
import { contentInput } from './columns.js';
import { collectionService, singletonService } from './collection.service.js';
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
    return { ...common, listField: type.queryField, service: collectionService(common.entity, fields, type.labels.entity, type.restPath) };
  });

export const singletons: readonly SingletonDefinition[] = contentTypes
  .filter((type) => type.kind === 'singleton')
  .map((type) => {
    const { fields, ...common } = definition(type);
    return { ...common, field: type.queryField, service: singletonService(common.entity, fields, type.labels.entity, type.restPath) };
  });
