/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "query AdminMe {\n  me {\n    id\n    username\n  }\n}\n\nmutation AdminLogin($username: String!, $password: String!) {\n  login(username: $username, password: $password) {\n    id\n    username\n  }\n}\n\nmutation AdminLogout {\n  logout\n}": typeof types.AdminMeDocument,
    "query AdminBrands {\n  brands {\n    id\n    name\n    logoUrl\n    websiteUrl\n    description\n    displayOrder\n  }\n}\n\nmutation AdminCreateBrand($input: BrandInput!) {\n  createBrand(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateBrand($id: Int!, $input: BrandInput!) {\n  updateBrand(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteBrand($id: Int!) {\n  deleteBrand(id: $id)\n}": typeof types.AdminBrandsDocument,
    "query AdminClients {\n  clients {\n    id\n    title\n    pictureUrl\n    brief\n    country\n    featured\n    displayOrder\n  }\n}\n\nmutation AdminCreateClient($input: ClientInput!) {\n  createClient(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateClient($id: Int!, $input: ClientInput!) {\n  updateClient(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteClient($id: Int!) {\n  deleteClient(id: $id)\n}": typeof types.AdminClientsDocument,
    "mutation AdminUploadImage($file: Upload!) {\n  uploadImage(file: $file) {\n    url\n  }\n}": typeof types.AdminUploadImageDocument,
    "query AdminContactInfoList {\n  contactInfo {\n    id\n    type\n    value\n    label\n    icon\n    displayOrder\n  }\n}\n\nmutation AdminCreateContactInfo($input: ContactInfoInput!) {\n  createContactInfo(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateContactInfo($id: Int!, $input: ContactInfoInput!) {\n  updateContactInfo(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteContactInfo($id: Int!) {\n  deleteContactInfo(id: $id)\n}": typeof types.AdminContactInfoListDocument,
    "query AdminCountries {\n  countries {\n    id\n    name\n    code\n    flagImageUrl\n    displayOrder\n  }\n}\n\nmutation AdminCreateCountry($input: CountryInput!) {\n  createCountry(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateCountry($id: Int!, $input: CountryInput!) {\n  updateCountry(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteCountry($id: Int!) {\n  deleteCountry(id: $id)\n}": typeof types.AdminCountriesDocument,
    "query AdminDashboard {\n  statistics {\n    id\n    expertCount\n  }\n  countries {\n    id\n  }\n  brands {\n    id\n  }\n}": typeof types.AdminDashboardDocument,
    "query AdminLandingContent {\n  landingContent {\n    id\n    heroTagline\n    heroSubtitle\n    companyDescription\n    mainWebsiteUrl\n  }\n}\n\nmutation AdminUpdateLandingContent($id: Int!, $input: LandingContentInput!) {\n  updateLandingContent(id: $id, input: $input) {\n    id\n    heroTagline\n    heroSubtitle\n    companyDescription\n    mainWebsiteUrl\n  }\n}": typeof types.AdminLandingContentDocument,
    "query AdminNewsList {\n  news {\n    id\n    title\n    pictureUrl\n    brief\n    content\n    link\n    featured\n    displayOrder\n    createdAt\n  }\n}\n\nmutation AdminCreateNews($input: NewsInput!) {\n  createNews(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateNews($id: Int!, $input: NewsInput!) {\n  updateNews(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteNews($id: Int!) {\n  deleteNews(id: $id)\n}": typeof types.AdminNewsListDocument,
    "query AdminStatistics {\n  statistics {\n    id\n    yearEstablished\n    expertCount\n    projectCount\n    partnerCount\n  }\n}\n\nmutation AdminUpdateStatistics($id: Int!, $input: StatisticsInput!) {\n  updateStatistics(id: $id, input: $input) {\n    id\n    yearEstablished\n    expertCount\n    projectCount\n    partnerCount\n  }\n}": typeof types.AdminStatisticsDocument,
    "query AdminTeamMembers {\n  teamMembers {\n    id\n    name\n    position\n    pictureUrl\n    brief\n    displayOrder\n  }\n}\n\nmutation AdminCreateTeamMember($input: TeamMemberInput!) {\n  createTeamMember(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateTeamMember($id: Int!, $input: TeamMemberInput!) {\n  updateTeamMember(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteTeamMember($id: Int!) {\n  deleteTeamMember(id: $id)\n}": typeof types.AdminTeamMembersDocument,
    "query AdminWebhooks {\n  webhooks {\n    id\n    url\n    secret\n    collections\n    active\n    createdAt\n  }\n  webhookCollections\n}\n\nquery AdminWebhookDeliveries($endpointId: Int!) {\n  webhookDeliveries(endpointId: $endpointId, limit: 50) {\n    id\n    event\n    collection\n    recordId\n    action\n    occurredAt\n    status\n    attempts\n    nextAttemptAt\n    lastStatusCode\n    lastLatencyMs\n    lastError\n  }\n}\n\nmutation AdminCreateWebhook($input: WebhookEndpointInput!) {\n  createWebhook(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateWebhook($id: Int!, $input: WebhookEndpointInput!) {\n  updateWebhook(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteWebhook($id: Int!) {\n  deleteWebhook(id: $id)\n}\n\nmutation AdminSendTestWebhook($id: Int!) {\n  sendTestWebhook(id: $id) {\n    id\n  }\n}": typeof types.AdminWebhooksDocument,
    "fragment ProjectCard on Client {\n  id\n  title\n  brief\n  pictureUrl\n  country\n  featured\n}": typeof types.ProjectCardFragmentDoc,
    "query ProjectsPage {\n  clients {\n    ...ProjectCard\n  }\n}": typeof types.ProjectsPageDocument,
    "query ContactSection {\n  contactInfo {\n    id\n    type\n    value\n    label\n    icon\n  }\n}": typeof types.ContactSectionDocument,
    "query LandingPage {\n  landingContent {\n    id\n    heroTagline\n    heroSubtitle\n    companyDescription\n    mainWebsiteUrl\n  }\n  statistics {\n    id\n    yearEstablished\n    expertCount\n    projectCount\n    partnerCount\n  }\n  countries {\n    id\n    name\n    code\n    flagImageUrl\n  }\n  brands {\n    id\n    name\n    logoUrl\n    websiteUrl\n    description\n  }\n  news {\n    ...NewsCard\n  }\n  clients {\n    ...ProjectCard\n  }\n}": typeof types.LandingPageDocument,
    "fragment NewsCard on News {\n  id\n  title\n  brief\n  content\n  pictureUrl\n  link\n  featured\n  createdAt\n}": typeof types.NewsCardFragmentDoc,
    "query NewsPage {\n  news {\n    ...NewsCard\n  }\n}": typeof types.NewsPageDocument,
    "query TeamPage {\n  teamMembers {\n    id\n    name\n    position\n    pictureUrl\n    brief\n  }\n}": typeof types.TeamPageDocument,
};
const documents: Documents = {
    "query AdminMe {\n  me {\n    id\n    username\n  }\n}\n\nmutation AdminLogin($username: String!, $password: String!) {\n  login(username: $username, password: $password) {\n    id\n    username\n  }\n}\n\nmutation AdminLogout {\n  logout\n}": types.AdminMeDocument,
    "query AdminBrands {\n  brands {\n    id\n    name\n    logoUrl\n    websiteUrl\n    description\n    displayOrder\n  }\n}\n\nmutation AdminCreateBrand($input: BrandInput!) {\n  createBrand(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateBrand($id: Int!, $input: BrandInput!) {\n  updateBrand(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteBrand($id: Int!) {\n  deleteBrand(id: $id)\n}": types.AdminBrandsDocument,
    "query AdminClients {\n  clients {\n    id\n    title\n    pictureUrl\n    brief\n    country\n    featured\n    displayOrder\n  }\n}\n\nmutation AdminCreateClient($input: ClientInput!) {\n  createClient(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateClient($id: Int!, $input: ClientInput!) {\n  updateClient(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteClient($id: Int!) {\n  deleteClient(id: $id)\n}": types.AdminClientsDocument,
    "mutation AdminUploadImage($file: Upload!) {\n  uploadImage(file: $file) {\n    url\n  }\n}": types.AdminUploadImageDocument,
    "query AdminContactInfoList {\n  contactInfo {\n    id\n    type\n    value\n    label\n    icon\n    displayOrder\n  }\n}\n\nmutation AdminCreateContactInfo($input: ContactInfoInput!) {\n  createContactInfo(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateContactInfo($id: Int!, $input: ContactInfoInput!) {\n  updateContactInfo(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteContactInfo($id: Int!) {\n  deleteContactInfo(id: $id)\n}": types.AdminContactInfoListDocument,
    "query AdminCountries {\n  countries {\n    id\n    name\n    code\n    flagImageUrl\n    displayOrder\n  }\n}\n\nmutation AdminCreateCountry($input: CountryInput!) {\n  createCountry(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateCountry($id: Int!, $input: CountryInput!) {\n  updateCountry(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteCountry($id: Int!) {\n  deleteCountry(id: $id)\n}": types.AdminCountriesDocument,
    "query AdminDashboard {\n  statistics {\n    id\n    expertCount\n  }\n  countries {\n    id\n  }\n  brands {\n    id\n  }\n}": types.AdminDashboardDocument,
    "query AdminLandingContent {\n  landingContent {\n    id\n    heroTagline\n    heroSubtitle\n    companyDescription\n    mainWebsiteUrl\n  }\n}\n\nmutation AdminUpdateLandingContent($id: Int!, $input: LandingContentInput!) {\n  updateLandingContent(id: $id, input: $input) {\n    id\n    heroTagline\n    heroSubtitle\n    companyDescription\n    mainWebsiteUrl\n  }\n}": types.AdminLandingContentDocument,
    "query AdminNewsList {\n  news {\n    id\n    title\n    pictureUrl\n    brief\n    content\n    link\n    featured\n    displayOrder\n    createdAt\n  }\n}\n\nmutation AdminCreateNews($input: NewsInput!) {\n  createNews(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateNews($id: Int!, $input: NewsInput!) {\n  updateNews(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteNews($id: Int!) {\n  deleteNews(id: $id)\n}": types.AdminNewsListDocument,
    "query AdminStatistics {\n  statistics {\n    id\n    yearEstablished\n    expertCount\n    projectCount\n    partnerCount\n  }\n}\n\nmutation AdminUpdateStatistics($id: Int!, $input: StatisticsInput!) {\n  updateStatistics(id: $id, input: $input) {\n    id\n    yearEstablished\n    expertCount\n    projectCount\n    partnerCount\n  }\n}": types.AdminStatisticsDocument,
    "query AdminTeamMembers {\n  teamMembers {\n    id\n    name\n    position\n    pictureUrl\n    brief\n    displayOrder\n  }\n}\n\nmutation AdminCreateTeamMember($input: TeamMemberInput!) {\n  createTeamMember(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateTeamMember($id: Int!, $input: TeamMemberInput!) {\n  updateTeamMember(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteTeamMember($id: Int!) {\n  deleteTeamMember(id: $id)\n}": types.AdminTeamMembersDocument,
    "query AdminWebhooks {\n  webhooks {\n    id\n    url\n    secret\n    collections\n    active\n    createdAt\n  }\n  webhookCollections\n}\n\nquery AdminWebhookDeliveries($endpointId: Int!) {\n  webhookDeliveries(endpointId: $endpointId, limit: 50) {\n    id\n    event\n    collection\n    recordId\n    action\n    occurredAt\n    status\n    attempts\n    nextAttemptAt\n    lastStatusCode\n    lastLatencyMs\n    lastError\n  }\n}\n\nmutation AdminCreateWebhook($input: WebhookEndpointInput!) {\n  createWebhook(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateWebhook($id: Int!, $input: WebhookEndpointInput!) {\n  updateWebhook(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteWebhook($id: Int!) {\n  deleteWebhook(id: $id)\n}\n\nmutation AdminSendTestWebhook($id: Int!) {\n  sendTestWebhook(id: $id) {\n    id\n  }\n}": types.AdminWebhooksDocument,
    "fragment ProjectCard on Client {\n  id\n  title\n  brief\n  pictureUrl\n  country\n  featured\n}": types.ProjectCardFragmentDoc,
    "query ProjectsPage {\n  clients {\n    ...ProjectCard\n  }\n}": types.ProjectsPageDocument,
    "query ContactSection {\n  contactInfo {\n    id\n    type\n    value\n    label\n    icon\n  }\n}": types.ContactSectionDocument,
    "query LandingPage {\n  landingContent {\n    id\n    heroTagline\n    heroSubtitle\n    companyDescription\n    mainWebsiteUrl\n  }\n  statistics {\n    id\n    yearEstablished\n    expertCount\n    projectCount\n    partnerCount\n  }\n  countries {\n    id\n    name\n    code\n    flagImageUrl\n  }\n  brands {\n    id\n    name\n    logoUrl\n    websiteUrl\n    description\n  }\n  news {\n    ...NewsCard\n  }\n  clients {\n    ...ProjectCard\n  }\n}": types.LandingPageDocument,
    "fragment NewsCard on News {\n  id\n  title\n  brief\n  content\n  pictureUrl\n  link\n  featured\n  createdAt\n}": types.NewsCardFragmentDoc,
    "query NewsPage {\n  news {\n    ...NewsCard\n  }\n}": types.NewsPageDocument,
    "query TeamPage {\n  teamMembers {\n    id\n    name\n    position\n    pictureUrl\n    brief\n  }\n}": types.TeamPageDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminMe {\n  me {\n    id\n    username\n  }\n}\n\nmutation AdminLogin($username: String!, $password: String!) {\n  login(username: $username, password: $password) {\n    id\n    username\n  }\n}\n\nmutation AdminLogout {\n  logout\n}"): (typeof documents)["query AdminMe {\n  me {\n    id\n    username\n  }\n}\n\nmutation AdminLogin($username: String!, $password: String!) {\n  login(username: $username, password: $password) {\n    id\n    username\n  }\n}\n\nmutation AdminLogout {\n  logout\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminBrands {\n  brands {\n    id\n    name\n    logoUrl\n    websiteUrl\n    description\n    displayOrder\n  }\n}\n\nmutation AdminCreateBrand($input: BrandInput!) {\n  createBrand(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateBrand($id: Int!, $input: BrandInput!) {\n  updateBrand(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteBrand($id: Int!) {\n  deleteBrand(id: $id)\n}"): (typeof documents)["query AdminBrands {\n  brands {\n    id\n    name\n    logoUrl\n    websiteUrl\n    description\n    displayOrder\n  }\n}\n\nmutation AdminCreateBrand($input: BrandInput!) {\n  createBrand(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateBrand($id: Int!, $input: BrandInput!) {\n  updateBrand(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteBrand($id: Int!) {\n  deleteBrand(id: $id)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminClients {\n  clients {\n    id\n    title\n    pictureUrl\n    brief\n    country\n    featured\n    displayOrder\n  }\n}\n\nmutation AdminCreateClient($input: ClientInput!) {\n  createClient(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateClient($id: Int!, $input: ClientInput!) {\n  updateClient(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteClient($id: Int!) {\n  deleteClient(id: $id)\n}"): (typeof documents)["query AdminClients {\n  clients {\n    id\n    title\n    pictureUrl\n    brief\n    country\n    featured\n    displayOrder\n  }\n}\n\nmutation AdminCreateClient($input: ClientInput!) {\n  createClient(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateClient($id: Int!, $input: ClientInput!) {\n  updateClient(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteClient($id: Int!) {\n  deleteClient(id: $id)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation AdminUploadImage($file: Upload!) {\n  uploadImage(file: $file) {\n    url\n  }\n}"): (typeof documents)["mutation AdminUploadImage($file: Upload!) {\n  uploadImage(file: $file) {\n    url\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminContactInfoList {\n  contactInfo {\n    id\n    type\n    value\n    label\n    icon\n    displayOrder\n  }\n}\n\nmutation AdminCreateContactInfo($input: ContactInfoInput!) {\n  createContactInfo(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateContactInfo($id: Int!, $input: ContactInfoInput!) {\n  updateContactInfo(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteContactInfo($id: Int!) {\n  deleteContactInfo(id: $id)\n}"): (typeof documents)["query AdminContactInfoList {\n  contactInfo {\n    id\n    type\n    value\n    label\n    icon\n    displayOrder\n  }\n}\n\nmutation AdminCreateContactInfo($input: ContactInfoInput!) {\n  createContactInfo(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateContactInfo($id: Int!, $input: ContactInfoInput!) {\n  updateContactInfo(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteContactInfo($id: Int!) {\n  deleteContactInfo(id: $id)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminCountries {\n  countries {\n    id\n    name\n    code\n    flagImageUrl\n    displayOrder\n  }\n}\n\nmutation AdminCreateCountry($input: CountryInput!) {\n  createCountry(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateCountry($id: Int!, $input: CountryInput!) {\n  updateCountry(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteCountry($id: Int!) {\n  deleteCountry(id: $id)\n}"): (typeof documents)["query AdminCountries {\n  countries {\n    id\n    name\n    code\n    flagImageUrl\n    displayOrder\n  }\n}\n\nmutation AdminCreateCountry($input: CountryInput!) {\n  createCountry(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateCountry($id: Int!, $input: CountryInput!) {\n  updateCountry(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteCountry($id: Int!) {\n  deleteCountry(id: $id)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminDashboard {\n  statistics {\n    id\n    expertCount\n  }\n  countries {\n    id\n  }\n  brands {\n    id\n  }\n}"): (typeof documents)["query AdminDashboard {\n  statistics {\n    id\n    expertCount\n  }\n  countries {\n    id\n  }\n  brands {\n    id\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminLandingContent {\n  landingContent {\n    id\n    heroTagline\n    heroSubtitle\n    companyDescription\n    mainWebsiteUrl\n  }\n}\n\nmutation AdminUpdateLandingContent($id: Int!, $input: LandingContentInput!) {\n  updateLandingContent(id: $id, input: $input) {\n    id\n    heroTagline\n    heroSubtitle\n    companyDescription\n    mainWebsiteUrl\n  }\n}"): (typeof documents)["query AdminLandingContent {\n  landingContent {\n    id\n    heroTagline\n    heroSubtitle\n    companyDescription\n    mainWebsiteUrl\n  }\n}\n\nmutation AdminUpdateLandingContent($id: Int!, $input: LandingContentInput!) {\n  updateLandingContent(id: $id, input: $input) {\n    id\n    heroTagline\n    heroSubtitle\n    companyDescription\n    mainWebsiteUrl\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminNewsList {\n  news {\n    id\n    title\n    pictureUrl\n    brief\n    content\n    link\n    featured\n    displayOrder\n    createdAt\n  }\n}\n\nmutation AdminCreateNews($input: NewsInput!) {\n  createNews(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateNews($id: Int!, $input: NewsInput!) {\n  updateNews(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteNews($id: Int!) {\n  deleteNews(id: $id)\n}"): (typeof documents)["query AdminNewsList {\n  news {\n    id\n    title\n    pictureUrl\n    brief\n    content\n    link\n    featured\n    displayOrder\n    createdAt\n  }\n}\n\nmutation AdminCreateNews($input: NewsInput!) {\n  createNews(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateNews($id: Int!, $input: NewsInput!) {\n  updateNews(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteNews($id: Int!) {\n  deleteNews(id: $id)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminStatistics {\n  statistics {\n    id\n    yearEstablished\n    expertCount\n    projectCount\n    partnerCount\n  }\n}\n\nmutation AdminUpdateStatistics($id: Int!, $input: StatisticsInput!) {\n  updateStatistics(id: $id, input: $input) {\n    id\n    yearEstablished\n    expertCount\n    projectCount\n    partnerCount\n  }\n}"): (typeof documents)["query AdminStatistics {\n  statistics {\n    id\n    yearEstablished\n    expertCount\n    projectCount\n    partnerCount\n  }\n}\n\nmutation AdminUpdateStatistics($id: Int!, $input: StatisticsInput!) {\n  updateStatistics(id: $id, input: $input) {\n    id\n    yearEstablished\n    expertCount\n    projectCount\n    partnerCount\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminTeamMembers {\n  teamMembers {\n    id\n    name\n    position\n    pictureUrl\n    brief\n    displayOrder\n  }\n}\n\nmutation AdminCreateTeamMember($input: TeamMemberInput!) {\n  createTeamMember(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateTeamMember($id: Int!, $input: TeamMemberInput!) {\n  updateTeamMember(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteTeamMember($id: Int!) {\n  deleteTeamMember(id: $id)\n}"): (typeof documents)["query AdminTeamMembers {\n  teamMembers {\n    id\n    name\n    position\n    pictureUrl\n    brief\n    displayOrder\n  }\n}\n\nmutation AdminCreateTeamMember($input: TeamMemberInput!) {\n  createTeamMember(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateTeamMember($id: Int!, $input: TeamMemberInput!) {\n  updateTeamMember(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteTeamMember($id: Int!) {\n  deleteTeamMember(id: $id)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminWebhooks {\n  webhooks {\n    id\n    url\n    secret\n    collections\n    active\n    createdAt\n  }\n  webhookCollections\n}\n\nquery AdminWebhookDeliveries($endpointId: Int!) {\n  webhookDeliveries(endpointId: $endpointId, limit: 50) {\n    id\n    event\n    collection\n    recordId\n    action\n    occurredAt\n    status\n    attempts\n    nextAttemptAt\n    lastStatusCode\n    lastLatencyMs\n    lastError\n  }\n}\n\nmutation AdminCreateWebhook($input: WebhookEndpointInput!) {\n  createWebhook(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateWebhook($id: Int!, $input: WebhookEndpointInput!) {\n  updateWebhook(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteWebhook($id: Int!) {\n  deleteWebhook(id: $id)\n}\n\nmutation AdminSendTestWebhook($id: Int!) {\n  sendTestWebhook(id: $id) {\n    id\n  }\n}"): (typeof documents)["query AdminWebhooks {\n  webhooks {\n    id\n    url\n    secret\n    collections\n    active\n    createdAt\n  }\n  webhookCollections\n}\n\nquery AdminWebhookDeliveries($endpointId: Int!) {\n  webhookDeliveries(endpointId: $endpointId, limit: 50) {\n    id\n    event\n    collection\n    recordId\n    action\n    occurredAt\n    status\n    attempts\n    nextAttemptAt\n    lastStatusCode\n    lastLatencyMs\n    lastError\n  }\n}\n\nmutation AdminCreateWebhook($input: WebhookEndpointInput!) {\n  createWebhook(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateWebhook($id: Int!, $input: WebhookEndpointInput!) {\n  updateWebhook(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteWebhook($id: Int!) {\n  deleteWebhook(id: $id)\n}\n\nmutation AdminSendTestWebhook($id: Int!) {\n  sendTestWebhook(id: $id) {\n    id\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ProjectCard on Client {\n  id\n  title\n  brief\n  pictureUrl\n  country\n  featured\n}"): (typeof documents)["fragment ProjectCard on Client {\n  id\n  title\n  brief\n  pictureUrl\n  country\n  featured\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ProjectsPage {\n  clients {\n    ...ProjectCard\n  }\n}"): (typeof documents)["query ProjectsPage {\n  clients {\n    ...ProjectCard\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ContactSection {\n  contactInfo {\n    id\n    type\n    value\n    label\n    icon\n  }\n}"): (typeof documents)["query ContactSection {\n  contactInfo {\n    id\n    type\n    value\n    label\n    icon\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LandingPage {\n  landingContent {\n    id\n    heroTagline\n    heroSubtitle\n    companyDescription\n    mainWebsiteUrl\n  }\n  statistics {\n    id\n    yearEstablished\n    expertCount\n    projectCount\n    partnerCount\n  }\n  countries {\n    id\n    name\n    code\n    flagImageUrl\n  }\n  brands {\n    id\n    name\n    logoUrl\n    websiteUrl\n    description\n  }\n  news {\n    ...NewsCard\n  }\n  clients {\n    ...ProjectCard\n  }\n}"): (typeof documents)["query LandingPage {\n  landingContent {\n    id\n    heroTagline\n    heroSubtitle\n    companyDescription\n    mainWebsiteUrl\n  }\n  statistics {\n    id\n    yearEstablished\n    expertCount\n    projectCount\n    partnerCount\n  }\n  countries {\n    id\n    name\n    code\n    flagImageUrl\n  }\n  brands {\n    id\n    name\n    logoUrl\n    websiteUrl\n    description\n  }\n  news {\n    ...NewsCard\n  }\n  clients {\n    ...ProjectCard\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment NewsCard on News {\n  id\n  title\n  brief\n  content\n  pictureUrl\n  link\n  featured\n  createdAt\n}"): (typeof documents)["fragment NewsCard on News {\n  id\n  title\n  brief\n  content\n  pictureUrl\n  link\n  featured\n  createdAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query NewsPage {\n  news {\n    ...NewsCard\n  }\n}"): (typeof documents)["query NewsPage {\n  news {\n    ...NewsCard\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TeamPage {\n  teamMembers {\n    id\n    name\n    position\n    pictureUrl\n    brief\n  }\n}"): (typeof documents)["query TeamPage {\n  teamMembers {\n    id\n    name\n    position\n    pictureUrl\n    brief\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;