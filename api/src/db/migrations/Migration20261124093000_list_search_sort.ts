import { Migration } from '@mikro-orm/migrations';

/**
 * Admin list search and sort (content/columns.ts listIndexes, the model's `listing`): a pg_trgm GIN
 * index per collection on the one expression its search filters on (`<expression> ilike '%term%'`),
 * and a (field, id) btree per sortable field. pg_trgm is a trusted extension (PostgreSQL 13+): the
 * database owner may create it.
 */

const SEARCH: Record<string, string[]> = {
  brands: ['name', 'description'],
  clients: ['title', 'brief', 'country'],
  contact_info: ['value', 'label', 'type'],
  countries: ['name', 'code'],
  news: ['title', 'brief'],
  team_members: ['name', 'position'],
};

const SORT: Record<string, string[]> = {
  brands: ['name'],
  clients: ['title'],
  contact_info: ['value'],
  countries: ['name'],
  news: ['title', 'created_at'],
  team_members: ['name'],
};

const expression = (columns: string[]) => `(${columns.map((c) => `coalesce("${c}", '')`).join(` || ' ' || `)})`;

export class Migration20261124093000_list_search_sort extends Migration {

  override name = 'Migration20261124093000_list_search_sort';

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    for (const [table, columns] of Object.entries(SEARCH)) {
      this.addSql(`create index "${table}_search_index" on "${table}" using gin (${expression(columns)} gin_trgm_ops);`);
    }
    for (const [table, columns] of Object.entries(SORT)) {
      for (const column of columns) this.addSql(`create index "${table}_${column}_id_index" on "${table}" ("${column}", "id");`);
    }
  }

  override down(): void | Promise<void> {
    for (const [table, columns] of Object.entries(SORT)) {
      for (const column of columns) this.addSql(`drop index "${table}_${column}_id_index";`);
    }
    for (const table of Object.keys(SEARCH)) this.addSql(`drop index "${table}_search_index";`);
    // The extension stays: other objects may have come to use it.
  }

}
