import fs from 'node:fs';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';

// Writing a migration (npm run migration:create -w api): the schema diff between the entities
// and a database the committed migrations built, as a migration file, listed in migrations/index.ts.

export interface GeneratedMigration {
  /** Its file (in the directory given); '' when the entities match the database. */
  fileName: string;
  /** Its class, as migrations/index.ts lists it. */
  className: string;
  /** The SQL its `up` runs. */
  statements: string[];
}

/** Writes a migration for whatever the entities have beyond the database `orm` is connected to. */
export async function generateMigration(orm: MikroORM, directory: string, name?: string): Promise<GeneratedMigration> {
  const result = await orm.migrator.create(directory, false, false, name);
  return { fileName: result.fileName, className: result.fileName.replace(/\.ts$/, ''), statements: result.diff.up.filter((statement) => statement.trim() !== '') };
}

/**
 * The migrations index with one more migration, `className` (in its own file of that name): its
 * import after the last migration import, its entry last in the list. Listed already: unchanged.
 */
export function registerMigration(index: string, className: string): string {
  if (!/^Migration\d{14}_?\w*$/.test(className)) throw new Error(`Not a migration class name: ${className}`);
  if (index.includes(`class: ${className} }`)) return index;
  const importLine = `import { ${className} } from './${className}.js';\n`;
  const imports = [...index.matchAll(/^import \{ Migration\w+ \} from '\.\/Migration\w+\.js';\n/gm)];
  const last = imports.at(-1);
  if (!last) throw new Error('migrations/index.ts: no migration import to add after');
  const afterImports = last.index + last[0].length;
  let source = index.slice(0, afterImports) + importLine + index.slice(afterImports);
  const end = source.lastIndexOf('];');
  if (end < 0) throw new Error('migrations/index.ts: the list of migrations ends with no "];"');
  source = `${source.slice(0, end)}  { name: '${className}', class: ${className} },\n${source.slice(end)}`;
  return source;
}

/** Adds `className` to the migrations index file in `directory` (index.ts). */
export function registerMigrationFile(directory: string, className: string): void {
  const file = path.join(directory, 'index.ts');
  fs.writeFileSync(file, registerMigration(fs.readFileSync(file, 'utf8'), className));
}
