import type { ContentType, Field } from '@consulting/model';

// The SQL of a collection's admin search: the text it looks in, the names of its indexes, and the
// 1- and 2-character substrings its short terms are looked up by.

/** The column of a property: camelCase to snake_case (MikroORM's naming). */
export const columnOf = (key: string): string => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * The text a collection's search looks in: its searchable fields joined by spaces, as one SQL
 * expression. The trigram index is built on exactly this expression and the search filters on it
 * (`<expression> ilike '%term%'`), so PostgreSQL can use the index. Null: the type has no search.
 */
export function searchExpression(type: ContentType): string | null {
  const fields = type.listing?.search ?? [];
  if (fields.length === 0) return null;
  for (const key of fields) {
    const field = type.fields[key] as Field | undefined;
    if (!field || field.kind === 'flag' || field.kind === 'wholeNumber') throw new Error(`${type.typeName}: search field ${key} is not a text field`);
  }
  return `(${fields.map((key) => `coalesce("${columnOf(key)}", '')`).join(` || ' ' || `)})`;
}

export const searchIndexName = (type: ContentType) => `${type.table}_search_index`;
export const searchGramsIndexName = (type: ContentType) => `${type.table}_search_grams_index`;

/**
 * The set of 1- and 2-character substrings of a text, lower case, as an SQL expression on `sql`:
 * its characters (split on nothing), then its pairs at even and at odd offsets (U+0001 put after
 * each pair and split on: no stored text holds it, control characters are refused), '' left out.
 * A text contains a term of one or two characters, ignoring case as ILIKE does (both lower-cased),
 * exactly when its set holds the term's; a longer term's set is held by every text containing it.
 * A GIN index on the set of the searchable text (Migration20261124101500_search_grams, the same
 * expression) finds the records for terms the trigram index has nothing to look up by. Built-in
 * functions only (no function of ours for the schema to track); computing it for a row of some 200
 * characters takes some 50 microseconds, so a search checks it only on rows ILIKE already matched.
 */
export function searchGrams(sql: string): string {
  const lower = `lower(${sql})`;
  const pairs = (text: string) => `string_to_array(regexp_replace(${text}, '(..)', '\\1' || chr(1), 'g'), chr(1))`;
  return `array_remove(regexp_split_to_array(${lower}, '') || ${pairs(lower)} || ${pairs(`substr(${lower}, 2)`)}, '')`;
}
