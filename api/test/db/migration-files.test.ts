import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { registerMigration } from '../../src/db/migration-files.js';
import { migrationsList } from '../../src/db/migrations/index.js';

// The migration generator lists what it writes in migrations/index.ts (no hand edit there).

const indexFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations/index.ts');
const index = fs.readFileSync(indexFile, 'utf8');

describe('registering a generated migration', () => {
  const name = 'Migration20991231235959_case_studies';
  const registered = registerMigration(index, name);

  it('imports it after the last migration and lists it last', () => {
    const last = migrationsList.at(-1)!.name;
    expect(registered).toContain(`import { ${last} } from './${last}.js';\nimport { ${name} } from './${name}.js';\n`);
    expect(registered).toContain(`  { name: '${last}', class: ${last} },\n  { name: '${name}', class: ${name} },\n];`);
    // Everything else stays as it was.
    expect(registered.replace(`import { ${name} } from './${name}.js';\n`, '').replace(`  { name: '${name}', class: ${name} },\n`, '')).toBe(index);
  });

  it('lists a migration once, and refuses what is not a migration class name', () => {
    expect(registerMigration(registered, name)).toBe(registered);
    expect(() => registerMigration(index, 'Migration; drop table users')).toThrow('Not a migration class name');
  });
});
