import type { EntityClass } from '@mikro-orm/core';
import { collectionService, singletonService } from './collection.service.js';
import type { CollectionOperations, SingletonOperations } from './collection.js';
import { Brand } from './brands/brand.entity.js';
import { brandFields } from './brands/brand.fields.js';
import { BrandInput } from './brands/brand.input.js';
import { Client } from './clients/client.entity.js';
import { clientFields } from './clients/client.fields.js';
import { ClientInput } from './clients/client.input.js';
import { ContactInfo } from './contact-info/contact-info.entity.js';
import { contactInfoFields } from './contact-info/contact-info.fields.js';
import { ContactInfoInput } from './contact-info/contact-info.input.js';
import { Country } from './countries/country.entity.js';
import { countryFields } from './countries/country.fields.js';
import { CountryInput } from './countries/country.input.js';
import { LandingContent } from './landing-content/landing-content.entity.js';
import { landingContentFields } from './landing-content/landing-content.fields.js';
import { LandingContentInput } from './landing-content/landing-content.input.js';
import { News } from './news/news.entity.js';
import { newsFields } from './news/news.fields.js';
import { NewsInput } from './news/news.input.js';
import { Statistics } from './statistics/statistics.entity.js';
import { statisticsFields } from './statistics/statistics.fields.js';
import { StatisticsInput } from './statistics/statistics.input.js';
import { TeamMember } from './team-members/team-member.entity.js';
import { teamMemberFields } from './team-members/team-member.fields.js';
import { TeamMemberInput } from './team-members/team-member.input.js';

// Every content type, once. The REST routers and the GraphQL resolvers are generated from
// these lists; adding a collection here adds its endpoints on both surfaces.

export interface CollectionDefinition<T extends object = any> {
  /** URL segment: /api/<path>, /api/admin/<path>. */
  path: string;
  entity: EntityClass<T>;
  /** type-graphql input class. */
  input: new () => object;
  service: CollectionOperations<T>;
  /** GraphQL object type name, e.g. 'TeamMember' (mutations: createTeamMember...). */
  typeName: string;
  /** GraphQL query field listing the collection, e.g. 'teamMembers'. */
  listField: string;
}

export interface SingletonDefinition<T extends object = any> {
  path: string;
  entity: EntityClass<T>;
  input: new () => object;
  service: SingletonOperations<T>;
  typeName: string;
  /** GraphQL query field, e.g. 'landingContent'. */
  field: string;
}

export const collections: readonly CollectionDefinition[] = [
  {
    path: 'countries',
    entity: Country,
    input: CountryInput,
    service: collectionService(Country, countryFields, 'Country'),
    typeName: 'Country',
    listField: 'countries',
  },
  {
    path: 'brands',
    entity: Brand,
    input: BrandInput,
    service: collectionService(Brand, brandFields, 'Brand'),
    typeName: 'Brand',
    listField: 'brands',
  },
  {
    path: 'team-members',
    entity: TeamMember,
    input: TeamMemberInput,
    service: collectionService(TeamMember, teamMemberFields, 'Team member'),
    typeName: 'TeamMember',
    listField: 'teamMembers',
  },
  {
    path: 'news',
    entity: News,
    input: NewsInput,
    service: collectionService(News, newsFields, 'News article'),
    typeName: 'News',
    listField: 'news',
  },
  {
    path: 'clients',
    entity: Client,
    input: ClientInput,
    service: collectionService(Client, clientFields, 'Client project'),
    typeName: 'Client',
    listField: 'clients',
  },
  {
    path: 'contact-info',
    entity: ContactInfo,
    input: ContactInfoInput,
    service: collectionService(ContactInfo, contactInfoFields, 'Contact info'),
    typeName: 'ContactInfo',
    listField: 'contactInfo',
  },
];

export const singletons: readonly SingletonDefinition[] = [
  {
    path: 'landing-content',
    entity: LandingContent,
    input: LandingContentInput,
    service: singletonService(LandingContent, landingContentFields, 'Landing content'),
    typeName: 'LandingContent',
    field: 'landingContent',
  },
  {
    path: 'statistics',
    entity: Statistics,
    input: StatisticsInput,
    service: singletonService(Statistics, statisticsFields, 'Statistics'),
    typeName: 'Statistics',
    field: 'statistics',
  },
];
