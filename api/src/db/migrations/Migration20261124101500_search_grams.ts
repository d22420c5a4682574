import { Migration } from '@mikro-orm/migrations';

/**
 * Search terms the trigram index cannot look up (content/columns.ts searchGrams): one or two
 * characters ("zq", "é"), or three and more without three letters or digits together ("...",
 * "a.b"). Per collection, a GIN index on the set of 1- and 2-character substrings (lower case) of
 * the searchable expression (the same one the trigram index is built on); the search adds
 * `<set of the text> @> <set of the term>`, which the index answers. The set is an expression of
 * built-in functions, written out here as in columns.ts (a migration keeps its own copy).
 */

const SEARCH: Record<string, string[]> = {
  brands: ['name', 'description'],
  clients: ['title', 'brief', 'country'],
  contact_info: ['value', 'label', 'type'],
  countries: ['name', 'code'],
  news: ['title', 'brief'],
  team_members: ['name', 'position'],
};

const expression = (columns: string[]) => `(${columns.map((c) => `coalesce("${c}", '')`).join(` || ' ' || `)})`;

/** Its characters, its pairs at even and at odd offsets (split on U+0001), '' left out. */
function grams(sql: string): string {
  const lower = `lower(${sql})`;
  const pairs = (text: string) => `string_to_array(regexp_replace(${text}, '(..)', '\\1' || chr(1), 'g'), chr(1))`;
  return `array_remove(regexp_split_to_array(${lower}, '') || ${pairs(lower)} || ${pairs(`substr(${lower}, 2)`)}, '')`;
}

export class Migration20261124101500_search_grams extends Migration {

  override name = 'Migration20261124101500_search_grams';

  override up(): void | Promise<void> {
    for (const [table, columns] of Object.entries(SEARCH)) {
      this.addSql(`create index "${table}_search_grams_index" on "${table}" using gin (${grams(expression(columns))});`);
    }
  }

  override down(): void | Promise<void> {
    for (const table of Object.keys(SEARCH)) this.addSql(`drop index "${table}_search_grams_index";`);
  }

}
