import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122111144_initial } from './Migration20261122111144_initial.js';

// Committed migrations, oldest first. `npm run migration:create -w api -- <name>` writes a new
// file here; add it to this list.
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122111144_initial', class: Migration20261122111144_initial },
];
