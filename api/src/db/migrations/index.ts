import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122111144_initial } from './Migration20261122111144_initial.js';
import { Migration20261122115312_content_revision } from './Migration20261122115312_content_revision.js';
import { Migration20261123174909_webhooks } from './Migration20261123174909_webhooks.js';
import { Migration20261123175233_versions_and_alt_text } from './Migration20261123175233_versions_and_alt_text.js';
import { Migration20261123175406_content_revision_notify } from './Migration20261123175406_content_revision_notify.js';
import { Migration20261123190428_last_sign_in } from './Migration20261123190428_last_sign_in.js';
import { Migration20261123190549_content_history } from './Migration20261123190549_content_history.js';
import { Migration20261124065020_list_indexes } from './Migration20261124065020_list_indexes.js';
import { Migration20261124071500_sign_in_addresses } from './Migration20261124071500_sign_in_addresses.js';
import { Migration20261124072000_username_skeleton } from './Migration20261124072000_username_skeleton.js';
import { Migration20261124093000_list_search_sort } from './Migration20261124093000_list_search_sort.js';
import { Migration20261124101500_search_grams } from './Migration20261124101500_search_grams.js';
import { Migration20261124160100_roles } from './Migration20261124160100_roles.js';
import { Migration20261124160200_activity_log } from './Migration20261124160200_activity_log.js';
import { Migration20261124160300_scheduled_jobs } from './Migration20261124160300_scheduled_jobs.js';
import { Migration20261124160400_preview_links } from './Migration20261124160400_preview_links.js';
import { Migration20261124160500_content_drafts } from './Migration20261124160500_content_drafts.js';
import { Migration20261124190000_own_pages_rich_text } from './Migration20261124190000_own_pages_rich_text.js';
import { Migration20261124212928_site_identity_pages } from './Migration20261124212928_site_identity_pages.js';
import { Migration20261125010131_second_factors } from './Migration20261125010131_second_factors.js';
import { Migration20261206180500_enquiry_privacy_text } from './Migration20261206180500_enquiry_privacy_text.js';
import { Migration20261206181500_inbox_indexes } from './Migration20261206181500_inbox_indexes.js';
import { Migration20261206175601_enquiries } from './Migration20261206175601_enquiries.js';
import { Migration20261206181700_mail_outbox } from './Migration20261206181700_mail_outbox.js';
import { Migration20261206182500_edge_purges } from './Migration20261206182500_edge_purges.js';

// Committed migrations, oldest first. `npm run migration:create -w api -- <name>` writes a new
// file here and adds it to this list (db/migration-files.ts registerMigration).
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122111144_initial', class: Migration20261122111144_initial },
  { name: 'Migration20261122115312_content_revision', class: Migration20261122115312_content_revision },
  { name: 'Migration20261123174909_webhooks', class: Migration20261123174909_webhooks },
  { name: 'Migration20261123175233_versions_and_alt_text', class: Migration20261123175233_versions_and_alt_text },
  { name: 'Migration20261123175406_content_revision_notify', class: Migration20261123175406_content_revision_notify },
  { name: 'Migration20261123190428_last_sign_in', class: Migration20261123190428_last_sign_in },
  { name: 'Migration20261123190549_content_history', class: Migration20261123190549_content_history },
  { name: 'Migration20261124065020_list_indexes', class: Migration20261124065020_list_indexes },
  { name: 'Migration20261124071500_sign_in_addresses', class: Migration20261124071500_sign_in_addresses },
  { name: 'Migration20261124072000_username_skeleton', class: Migration20261124072000_username_skeleton },
  { name: 'Migration20261124093000_list_search_sort', class: Migration20261124093000_list_search_sort },
  { name: 'Migration20261124101500_search_grams', class: Migration20261124101500_search_grams },
  { name: 'Migration20261124160100_roles', class: Migration20261124160100_roles },
  { name: 'Migration20261124160200_activity_log', class: Migration20261124160200_activity_log },
  { name: 'Migration20261124160300_scheduled_jobs', class: Migration20261124160300_scheduled_jobs },
  { name: 'Migration20261124160400_preview_links', class: Migration20261124160400_preview_links },
  { name: 'Migration20261124160500_content_drafts', class: Migration20261124160500_content_drafts },
  { name: 'Migration20261124190000_own_pages_rich_text', class: Migration20261124190000_own_pages_rich_text },
  { name: 'Migration20261124212928_site_identity_pages', class: Migration20261124212928_site_identity_pages },
  { name: 'Migration20261125010131_second_factors', class: Migration20261125010131_second_factors },
  { name: 'Migration20261206175601_enquiries', class: Migration20261206175601_enquiries },
  { name: 'Migration20261206180500_enquiry_privacy_text', class: Migration20261206180500_enquiry_privacy_text },
  { name: 'Migration20261206181500_inbox_indexes', class: Migration20261206181500_inbox_indexes },
  { name: 'Migration20261206181700_mail_outbox', class: Migration20261206181700_mail_outbox },
  { name: 'Migration20261206182500_edge_purges', class: Migration20261206182500_edge_purges },
];
