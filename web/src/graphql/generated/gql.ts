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
    "query AdminAccounts {\n  me {\n    id\n    username\n  }\n  admins {\n    id\n    username\n    role\n    createdAt\n    lastSignInAt\n  }\n}\n\nmutation AdminCreateAccount($username: String!, $role: String) {\n  createAdmin(username: $username, role: $role) {\n    password\n    user {\n      id\n      username\n      role\n    }\n  }\n}\n\nmutation AdminSetAccountRole($id: ID!, $role: String!) {\n  setUserRole(id: $id, role: $role) {\n    id\n    role\n  }\n}\n\nmutation AdminResetAccountPassword($username: String!) {\n  resetAdminPassword(username: $username) {\n    password\n    user {\n      id\n      username\n    }\n  }\n}\n\nmutation AdminDeleteAccount($username: String!) {\n  deleteAdmin(username: $username)\n}\n\nmutation AdminChangeOwnPassword($currentPassword: String!, $newPassword: String!) {\n  changeOwnPassword(currentPassword: $currentPassword, newPassword: $newPassword)\n}": typeof types.AdminAccountsDocument,
    "query AdminActivity($username: String, $kind: String, $from: DateTimeISO, $to: DateTimeISO, $limit: Int, $offset: Int) {\n  activity(\n    username: $username\n    kind: $kind\n    from: $from\n    to: $to\n    limit: $limit\n    offset: $offset\n  ) {\n    total\n    items {\n      id\n      at\n      username\n      kind\n      collection\n      recordId\n      summary\n    }\n  }\n}": typeof types.AdminActivityDocument,
    "query AdminMe {\n  me {\n    id\n    username\n    role\n    permissions\n  }\n}\n\nmutation AdminLogin($username: String!, $password: String!) {\n  login(username: $username, password: $password) {\n    id\n    username\n    role\n    permissions\n  }\n}\n\nmutation AdminLogout {\n  logout\n}": typeof types.AdminMeDocument,
    "mutation AdminUploadImage($file: Upload!) {\n  uploadImage(file: $file) {\n    url\n  }\n}": typeof types.AdminUploadImageDocument,
    "query AdminDashboard {\n  recentChanges(limit: 8) {\n    id\n    collection\n    recordId\n    recordName\n    action\n    username\n    at\n    changed\n  }\n  collectionCounts {\n    collection\n    count\n  }\n}": typeof types.AdminDashboardDocument,
    "mutation AdminRestoreRevision($revisionId: Int!) {\n  restoreRevision(revisionId: $revisionId) {\n    id\n  }\n}\n\nmutation AdminUndoDelete($collection: String!, $id: Int!) {\n  undoDelete(collection: $collection, id: $id) {\n    id\n  }\n}": typeof types.AdminRestoreRevisionDocument,
    "query AdminWebhooks {\n  webhooks {\n    id\n    url\n    secret\n    collections\n    active\n    createdAt\n  }\n  webhookCollections\n}\n\nquery AdminWebhookDeliveries($endpointId: Int!) {\n  webhookDeliveries(endpointId: $endpointId, limit: 50) {\n    id\n    event\n    collection\n    recordId\n    action\n    occurredAt\n    status\n    attempts\n    nextAttemptAt\n    lastStatusCode\n    lastLatencyMs\n    lastError\n  }\n}\n\nmutation AdminCreateWebhook($input: WebhookEndpointInput!) {\n  createWebhook(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateWebhook($id: Int!, $input: WebhookEndpointInput!) {\n  updateWebhook(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteWebhook($id: Int!) {\n  deleteWebhook(id: $id)\n}\n\nmutation AdminSendTestWebhook($id: Int!) {\n  sendTestWebhook(id: $id) {\n    id\n  }\n}": typeof types.AdminWebhooksDocument,
    "fragment ProjectCard on Client {\n  id\n  slug\n  title\n  brief\n  pictureUrl\n  altText\n  country\n  featured\n}": typeof types.ProjectCardFragmentDoc,
    "query ProjectPage($slug: String!) {\n  clientBySlug(slug: $slug) {\n    id\n    slug\n    title\n    brief\n    pictureUrl\n    altText\n    country\n    updatedAt\n    storyDocument\n    pageTitle\n    pageDescription\n    previous {\n      slug\n      title\n    }\n    next {\n      slug\n      title\n    }\n  }\n}": typeof types.ProjectPageDocument,
    "query ProjectsPage($limit: Int!, $offset: Int!) {\n  clients(limit: $limit, offset: $offset) {\n    ...ProjectCard\n  }\n  clientsCount\n}": typeof types.ProjectsPageDocument,
    "query ContactSection {\n  contactInfo {\n    id\n    type\n    value\n    label\n    icon\n  }\n}": typeof types.ContactSectionDocument,
    "query LandingPage {\n  landingContent {\n    id\n    heroTagline\n    heroSubtitle\n    companyDescription\n    mainWebsiteUrl\n  }\n  statistics {\n    id\n    yearEstablished\n    expertCount\n    projectCount\n    partnerCount\n  }\n  countries {\n    id\n    name\n    code\n    flagImageUrl\n  }\n  brands {\n    id\n    name\n    logoUrl\n    altText\n    websiteUrl\n    description\n  }\n  newsPreview {\n    ...NewsPreviewCard\n  }\n  projectsPreview {\n    ...ProjectCard\n  }\n}": typeof types.LandingPageDocument,
    "query ArticlePage($slug: String!) {\n  newsItemBySlug(slug: $slug) {\n    id\n    slug\n    title\n    brief\n    pictureUrl\n    altText\n    createdAt\n    updatedAt\n    contentDocument\n    link\n    pageTitle\n    pageDescription\n    previous {\n      slug\n      title\n    }\n    next {\n      slug\n      title\n    }\n  }\n}": typeof types.ArticlePageDocument,
    "fragment NewsCard on News {\n  id\n  slug\n  title\n  brief\n  content\n  pictureUrl\n  altText\n  link\n  featured\n  createdAt\n}": typeof types.NewsCardFragmentDoc,
    "query NewsPage($limit: Int!, $offset: Int!) {\n  news(limit: $limit, offset: $offset) {\n    ...NewsCard\n  }\n  newsCount\n}": typeof types.NewsPageDocument,
    "fragment NewsPreviewCard on News {\n  id\n  slug\n  title\n  brief\n  pictureUrl\n  altText\n  link\n  featured\n  createdAt\n}": typeof types.NewsPreviewCardFragmentDoc,
    "query SimplePage($slug: String!) {\n  pageBySlug(slug: $slug) {\n    id\n    title\n    slug\n    bodyDocument\n    description\n    updatedAt\n  }\n}": typeof types.SimplePageDocument,
    "query PublicSite {\n  siteSettings {\n    id\n    version\n    firmName\n    shortName\n    description\n    logoUrl\n    logoDarkUrl\n    iconUrl\n    shareImageUrl\n    footerText\n    copyrightHolder\n    streetAddress\n    postalCode\n    city\n    region\n    country\n    linkedinUrl\n    xUrl\n    youtubeUrl\n    instagramUrl\n    facebookUrl\n    githubUrl\n    locale\n    timeZone\n  }\n  footerPages: pages(linkedFrom: footer) {\n    id\n    title\n    slug\n  }\n}": typeof types.PublicSiteDocument,
    "query TeamPage {\n  teamMembers {\n    id\n    name\n    position\n    pictureUrl\n    altText\n    brief\n  }\n}": typeof types.TeamPageDocument,
};
const documents: Documents = {
    "query AdminAccounts {\n  me {\n    id\n    username\n  }\n  admins {\n    id\n    username\n    role\n    createdAt\n    lastSignInAt\n  }\n}\n\nmutation AdminCreateAccount($username: String!, $role: String) {\n  createAdmin(username: $username, role: $role) {\n    password\n    user {\n      id\n      username\n      role\n    }\n  }\n}\n\nmutation AdminSetAccountRole($id: ID!, $role: String!) {\n  setUserRole(id: $id, role: $role) {\n    id\n    role\n  }\n}\n\nmutation AdminResetAccountPassword($username: String!) {\n  resetAdminPassword(username: $username) {\n    password\n    user {\n      id\n      username\n    }\n  }\n}\n\nmutation AdminDeleteAccount($username: String!) {\n  deleteAdmin(username: $username)\n}\n\nmutation AdminChangeOwnPassword($currentPassword: String!, $newPassword: String!) {\n  changeOwnPassword(currentPassword: $currentPassword, newPassword: $newPassword)\n}": types.AdminAccountsDocument,
    "query AdminActivity($username: String, $kind: String, $from: DateTimeISO, $to: DateTimeISO, $limit: Int, $offset: Int) {\n  activity(\n    username: $username\n    kind: $kind\n    from: $from\n    to: $to\n    limit: $limit\n    offset: $offset\n  ) {\n    total\n    items {\n      id\n      at\n      username\n      kind\n      collection\n      recordId\n      summary\n    }\n  }\n}": types.AdminActivityDocument,
    "query AdminMe {\n  me {\n    id\n    username\n    role\n    permissions\n  }\n}\n\nmutation AdminLogin($username: String!, $password: String!) {\n  login(username: $username, password: $password) {\n    id\n    username\n    role\n    permissions\n  }\n}\n\nmutation AdminLogout {\n  logout\n}": types.AdminMeDocument,
    "mutation AdminUploadImage($file: Upload!) {\n  uploadImage(file: $file) {\n    url\n  }\n}": types.AdminUploadImageDocument,
    "query AdminDashboard {\n  recentChanges(limit: 8) {\n    id\n    collection\n    recordId\n    recordName\n    action\n    username\n    at\n    changed\n  }\n  collectionCounts {\n    collection\n    count\n  }\n}": types.AdminDashboardDocument,
    "mutation AdminRestoreRevision($revisionId: Int!) {\n  restoreRevision(revisionId: $revisionId) {\n    id\n  }\n}\n\nmutation AdminUndoDelete($collection: String!, $id: Int!) {\n  undoDelete(collection: $collection, id: $id) {\n    id\n  }\n}": types.AdminRestoreRevisionDocument,
    "query AdminWebhooks {\n  webhooks {\n    id\n    url\n    secret\n    collections\n    active\n    createdAt\n  }\n  webhookCollections\n}\n\nquery AdminWebhookDeliveries($endpointId: Int!) {\n  webhookDeliveries(endpointId: $endpointId, limit: 50) {\n    id\n    event\n    collection\n    recordId\n    action\n    occurredAt\n    status\n    attempts\n    nextAttemptAt\n    lastStatusCode\n    lastLatencyMs\n    lastError\n  }\n}\n\nmutation AdminCreateWebhook($input: WebhookEndpointInput!) {\n  createWebhook(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateWebhook($id: Int!, $input: WebhookEndpointInput!) {\n  updateWebhook(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteWebhook($id: Int!) {\n  deleteWebhook(id: $id)\n}\n\nmutation AdminSendTestWebhook($id: Int!) {\n  sendTestWebhook(id: $id) {\n    id\n  }\n}": types.AdminWebhooksDocument,
    "fragment ProjectCard on Client {\n  id\n  slug\n  title\n  brief\n  pictureUrl\n  altText\n  country\n  featured\n}": types.ProjectCardFragmentDoc,
    "query ProjectPage($slug: String!) {\n  clientBySlug(slug: $slug) {\n    id\n    slug\n    title\n    brief\n    pictureUrl\n    altText\n    country\n    updatedAt\n    storyDocument\n    pageTitle\n    pageDescription\n    previous {\n      slug\n      title\n    }\n    next {\n      slug\n      title\n    }\n  }\n}": types.ProjectPageDocument,
    "query ProjectsPage($limit: Int!, $offset: Int!) {\n  clients(limit: $limit, offset: $offset) {\n    ...ProjectCard\n  }\n  clientsCount\n}": types.ProjectsPageDocument,
    "query ContactSection {\n  contactInfo {\n    id\n    type\n    value\n    label\n    icon\n  }\n}": types.ContactSectionDocument,
    "query LandingPage {\n  landingContent {\n    id\n    heroTagline\n    heroSubtitle\n    companyDescription\n    mainWebsiteUrl\n  }\n  statistics {\n    id\n    yearEstablished\n    expertCount\n    projectCount\n    partnerCount\n  }\n  countries {\n    id\n    name\n    code\n    flagImageUrl\n  }\n  brands {\n    id\n    name\n    logoUrl\n    altText\n    websiteUrl\n    description\n  }\n  newsPreview {\n    ...NewsPreviewCard\n  }\n  projectsPreview {\n    ...ProjectCard\n  }\n}": types.LandingPageDocument,
    "query ArticlePage($slug: String!) {\n  newsItemBySlug(slug: $slug) {\n    id\n    slug\n    title\n    brief\n    pictureUrl\n    altText\n    createdAt\n    updatedAt\n    contentDocument\n    link\n    pageTitle\n    pageDescription\n    previous {\n      slug\n      title\n    }\n    next {\n      slug\n      title\n    }\n  }\n}": types.ArticlePageDocument,
    "fragment NewsCard on News {\n  id\n  slug\n  title\n  brief\n  content\n  pictureUrl\n  altText\n  link\n  featured\n  createdAt\n}": types.NewsCardFragmentDoc,
    "query NewsPage($limit: Int!, $offset: Int!) {\n  news(limit: $limit, offset: $offset) {\n    ...NewsCard\n  }\n  newsCount\n}": types.NewsPageDocument,
    "fragment NewsPreviewCard on News {\n  id\n  slug\n  title\n  brief\n  pictureUrl\n  altText\n  link\n  featured\n  createdAt\n}": types.NewsPreviewCardFragmentDoc,
    "query SimplePage($slug: String!) {\n  pageBySlug(slug: $slug) {\n    id\n    title\n    slug\n    bodyDocument\n    description\n    updatedAt\n  }\n}": types.SimplePageDocument,
    "query PublicSite {\n  siteSettings {\n    id\n    version\n    firmName\n    shortName\n    description\n    logoUrl\n    logoDarkUrl\n    iconUrl\n    shareImageUrl\n    footerText\n    copyrightHolder\n    streetAddress\n    postalCode\n    city\n    region\n    country\n    linkedinUrl\n    xUrl\n    youtubeUrl\n    instagramUrl\n    facebookUrl\n    githubUrl\n    locale\n    timeZone\n  }\n  footerPages: pages(linkedFrom: footer) {\n    id\n    title\n    slug\n  }\n}": types.PublicSiteDocument,
    "query TeamPage {\n  teamMembers {\n    id\n    name\n    position\n    pictureUrl\n    altText\n    brief\n  }\n}": types.TeamPageDocument,
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
export function graphql(source: "query AdminAccounts {\n  me {\n    id\n    username\n  }\n  admins {\n    id\n    username\n    role\n    createdAt\n    lastSignInAt\n  }\n}\n\nmutation AdminCreateAccount($username: String!, $role: String) {\n  createAdmin(username: $username, role: $role) {\n    password\n    user {\n      id\n      username\n      role\n    }\n  }\n}\n\nmutation AdminSetAccountRole($id: ID!, $role: String!) {\n  setUserRole(id: $id, role: $role) {\n    id\n    role\n  }\n}\n\nmutation AdminResetAccountPassword($username: String!) {\n  resetAdminPassword(username: $username) {\n    password\n    user {\n      id\n      username\n    }\n  }\n}\n\nmutation AdminDeleteAccount($username: String!) {\n  deleteAdmin(username: $username)\n}\n\nmutation AdminChangeOwnPassword($currentPassword: String!, $newPassword: String!) {\n  changeOwnPassword(currentPassword: $currentPassword, newPassword: $newPassword)\n}"): (typeof documents)["query AdminAccounts {\n  me {\n    id\n    username\n  }\n  admins {\n    id\n    username\n    role\n    createdAt\n    lastSignInAt\n  }\n}\n\nmutation AdminCreateAccount($username: String!, $role: String) {\n  createAdmin(username: $username, role: $role) {\n    password\n    user {\n      id\n      username\n      role\n    }\n  }\n}\n\nmutation AdminSetAccountRole($id: ID!, $role: String!) {\n  setUserRole(id: $id, role: $role) {\n    id\n    role\n  }\n}\n\nmutation AdminResetAccountPassword($username: String!) {\n  resetAdminPassword(username: $username) {\n    password\n    user {\n      id\n      username\n    }\n  }\n}\n\nmutation AdminDeleteAccount($username: String!) {\n  deleteAdmin(username: $username)\n}\n\nmutation AdminChangeOwnPassword($currentPassword: String!, $newPassword: String!) {\n  changeOwnPassword(currentPassword: $currentPassword, newPassword: $newPassword)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminActivity($username: String, $kind: String, $from: DateTimeISO, $to: DateTimeISO, $limit: Int, $offset: Int) {\n  activity(\n    username: $username\n    kind: $kind\n    from: $from\n    to: $to\n    limit: $limit\n    offset: $offset\n  ) {\n    total\n    items {\n      id\n      at\n      username\n      kind\n      collection\n      recordId\n      summary\n    }\n  }\n}"): (typeof documents)["query AdminActivity($username: String, $kind: String, $from: DateTimeISO, $to: DateTimeISO, $limit: Int, $offset: Int) {\n  activity(\n    username: $username\n    kind: $kind\n    from: $from\n    to: $to\n    limit: $limit\n    offset: $offset\n  ) {\n    total\n    items {\n      id\n      at\n      username\n      kind\n      collection\n      recordId\n      summary\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminMe {\n  me {\n    id\n    username\n    role\n    permissions\n  }\n}\n\nmutation AdminLogin($username: String!, $password: String!) {\n  login(username: $username, password: $password) {\n    id\n    username\n    role\n    permissions\n  }\n}\n\nmutation AdminLogout {\n  logout\n}"): (typeof documents)["query AdminMe {\n  me {\n    id\n    username\n    role\n    permissions\n  }\n}\n\nmutation AdminLogin($username: String!, $password: String!) {\n  login(username: $username, password: $password) {\n    id\n    username\n    role\n    permissions\n  }\n}\n\nmutation AdminLogout {\n  logout\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation AdminUploadImage($file: Upload!) {\n  uploadImage(file: $file) {\n    url\n  }\n}"): (typeof documents)["mutation AdminUploadImage($file: Upload!) {\n  uploadImage(file: $file) {\n    url\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminDashboard {\n  recentChanges(limit: 8) {\n    id\n    collection\n    recordId\n    recordName\n    action\n    username\n    at\n    changed\n  }\n  collectionCounts {\n    collection\n    count\n  }\n}"): (typeof documents)["query AdminDashboard {\n  recentChanges(limit: 8) {\n    id\n    collection\n    recordId\n    recordName\n    action\n    username\n    at\n    changed\n  }\n  collectionCounts {\n    collection\n    count\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation AdminRestoreRevision($revisionId: Int!) {\n  restoreRevision(revisionId: $revisionId) {\n    id\n  }\n}\n\nmutation AdminUndoDelete($collection: String!, $id: Int!) {\n  undoDelete(collection: $collection, id: $id) {\n    id\n  }\n}"): (typeof documents)["mutation AdminRestoreRevision($revisionId: Int!) {\n  restoreRevision(revisionId: $revisionId) {\n    id\n  }\n}\n\nmutation AdminUndoDelete($collection: String!, $id: Int!) {\n  undoDelete(collection: $collection, id: $id) {\n    id\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminWebhooks {\n  webhooks {\n    id\n    url\n    secret\n    collections\n    active\n    createdAt\n  }\n  webhookCollections\n}\n\nquery AdminWebhookDeliveries($endpointId: Int!) {\n  webhookDeliveries(endpointId: $endpointId, limit: 50) {\n    id\n    event\n    collection\n    recordId\n    action\n    occurredAt\n    status\n    attempts\n    nextAttemptAt\n    lastStatusCode\n    lastLatencyMs\n    lastError\n  }\n}\n\nmutation AdminCreateWebhook($input: WebhookEndpointInput!) {\n  createWebhook(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateWebhook($id: Int!, $input: WebhookEndpointInput!) {\n  updateWebhook(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteWebhook($id: Int!) {\n  deleteWebhook(id: $id)\n}\n\nmutation AdminSendTestWebhook($id: Int!) {\n  sendTestWebhook(id: $id) {\n    id\n  }\n}"): (typeof documents)["query AdminWebhooks {\n  webhooks {\n    id\n    url\n    secret\n    collections\n    active\n    createdAt\n  }\n  webhookCollections\n}\n\nquery AdminWebhookDeliveries($endpointId: Int!) {\n  webhookDeliveries(endpointId: $endpointId, limit: 50) {\n    id\n    event\n    collection\n    recordId\n    action\n    occurredAt\n    status\n    attempts\n    nextAttemptAt\n    lastStatusCode\n    lastLatencyMs\n    lastError\n  }\n}\n\nmutation AdminCreateWebhook($input: WebhookEndpointInput!) {\n  createWebhook(input: $input) {\n    id\n  }\n}\n\nmutation AdminUpdateWebhook($id: Int!, $input: WebhookEndpointInput!) {\n  updateWebhook(id: $id, input: $input) {\n    id\n  }\n}\n\nmutation AdminDeleteWebhook($id: Int!) {\n  deleteWebhook(id: $id)\n}\n\nmutation AdminSendTestWebhook($id: Int!) {\n  sendTestWebhook(id: $id) {\n    id\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ProjectCard on Client {\n  id\n  slug\n  title\n  brief\n  pictureUrl\n  altText\n  country\n  featured\n}"): (typeof documents)["fragment ProjectCard on Client {\n  id\n  slug\n  title\n  brief\n  pictureUrl\n  altText\n  country\n  featured\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ProjectPage($slug: String!) {\n  clientBySlug(slug: $slug) {\n    id\n    slug\n    title\n    brief\n    pictureUrl\n    altText\n    country\n    updatedAt\n    storyDocument\n    pageTitle\n    pageDescription\n    previous {\n      slug\n      title\n    }\n    next {\n      slug\n      title\n    }\n  }\n}"): (typeof documents)["query ProjectPage($slug: String!) {\n  clientBySlug(slug: $slug) {\n    id\n    slug\n    title\n    brief\n    pictureUrl\n    altText\n    country\n    updatedAt\n    storyDocument\n    pageTitle\n    pageDescription\n    previous {\n      slug\n      title\n    }\n    next {\n      slug\n      title\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ProjectsPage($limit: Int!, $offset: Int!) {\n  clients(limit: $limit, offset: $offset) {\n    ...ProjectCard\n  }\n  clientsCount\n}"): (typeof documents)["query ProjectsPage($limit: Int!, $offset: Int!) {\n  clients(limit: $limit, offset: $offset) {\n    ...ProjectCard\n  }\n  clientsCount\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ContactSection {\n  contactInfo {\n    id\n    type\n    value\n    label\n    icon\n  }\n}"): (typeof documents)["query ContactSection {\n  contactInfo {\n    id\n    type\n    value\n    label\n    icon\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LandingPage {\n  landingContent {\n    id\n    heroTagline\n    heroSubtitle\n    companyDescription\n    mainWebsiteUrl\n  }\n  statistics {\n    id\n    yearEstablished\n    expertCount\n    projectCount\n    partnerCount\n  }\n  countries {\n    id\n    name\n    code\n    flagImageUrl\n  }\n  brands {\n    id\n    name\n    logoUrl\n    altText\n    websiteUrl\n    description\n  }\n  newsPreview {\n    ...NewsPreviewCard\n  }\n  projectsPreview {\n    ...ProjectCard\n  }\n}"): (typeof documents)["query LandingPage {\n  landingContent {\n    id\n    heroTagline\n    heroSubtitle\n    companyDescription\n    mainWebsiteUrl\n  }\n  statistics {\n    id\n    yearEstablished\n    expertCount\n    projectCount\n    partnerCount\n  }\n  countries {\n    id\n    name\n    code\n    flagImageUrl\n  }\n  brands {\n    id\n    name\n    logoUrl\n    altText\n    websiteUrl\n    description\n  }\n  newsPreview {\n    ...NewsPreviewCard\n  }\n  projectsPreview {\n    ...ProjectCard\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ArticlePage($slug: String!) {\n  newsItemBySlug(slug: $slug) {\n    id\n    slug\n    title\n    brief\n    pictureUrl\n    altText\n    createdAt\n    updatedAt\n    contentDocument\n    link\n    pageTitle\n    pageDescription\n    previous {\n      slug\n      title\n    }\n    next {\n      slug\n      title\n    }\n  }\n}"): (typeof documents)["query ArticlePage($slug: String!) {\n  newsItemBySlug(slug: $slug) {\n    id\n    slug\n    title\n    brief\n    pictureUrl\n    altText\n    createdAt\n    updatedAt\n    contentDocument\n    link\n    pageTitle\n    pageDescription\n    previous {\n      slug\n      title\n    }\n    next {\n      slug\n      title\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment NewsCard on News {\n  id\n  slug\n  title\n  brief\n  content\n  pictureUrl\n  altText\n  link\n  featured\n  createdAt\n}"): (typeof documents)["fragment NewsCard on News {\n  id\n  slug\n  title\n  brief\n  content\n  pictureUrl\n  altText\n  link\n  featured\n  createdAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query NewsPage($limit: Int!, $offset: Int!) {\n  news(limit: $limit, offset: $offset) {\n    ...NewsCard\n  }\n  newsCount\n}"): (typeof documents)["query NewsPage($limit: Int!, $offset: Int!) {\n  news(limit: $limit, offset: $offset) {\n    ...NewsCard\n  }\n  newsCount\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment NewsPreviewCard on News {\n  id\n  slug\n  title\n  brief\n  pictureUrl\n  altText\n  link\n  featured\n  createdAt\n}"): (typeof documents)["fragment NewsPreviewCard on News {\n  id\n  slug\n  title\n  brief\n  pictureUrl\n  altText\n  link\n  featured\n  createdAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query SimplePage($slug: String!) {\n  pageBySlug(slug: $slug) {\n    id\n    title\n    slug\n    bodyDocument\n    description\n    updatedAt\n  }\n}"): (typeof documents)["query SimplePage($slug: String!) {\n  pageBySlug(slug: $slug) {\n    id\n    title\n    slug\n    bodyDocument\n    description\n    updatedAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query PublicSite {\n  siteSettings {\n    id\n    version\n    firmName\n    shortName\n    description\n    logoUrl\n    logoDarkUrl\n    iconUrl\n    shareImageUrl\n    footerText\n    copyrightHolder\n    streetAddress\n    postalCode\n    city\n    region\n    country\n    linkedinUrl\n    xUrl\n    youtubeUrl\n    instagramUrl\n    facebookUrl\n    githubUrl\n    locale\n    timeZone\n  }\n  footerPages: pages(linkedFrom: footer) {\n    id\n    title\n    slug\n  }\n}"): (typeof documents)["query PublicSite {\n  siteSettings {\n    id\n    version\n    firmName\n    shortName\n    description\n    logoUrl\n    logoDarkUrl\n    iconUrl\n    shareImageUrl\n    footerText\n    copyrightHolder\n    streetAddress\n    postalCode\n    city\n    region\n    country\n    linkedinUrl\n    xUrl\n    youtubeUrl\n    instagramUrl\n    facebookUrl\n    githubUrl\n    locale\n    timeZone\n  }\n  footerPages: pages(linkedFrom: footer) {\n    id\n    title\n    slug\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TeamPage {\n  teamMembers {\n    id\n    name\n    position\n    pictureUrl\n    altText\n    brief\n  }\n}"): (typeof documents)["query TeamPage {\n  teamMembers {\n    id\n    name\n    position\n    pictureUrl\n    altText\n    brief\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;