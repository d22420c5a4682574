// The names a content type is known by on every surface, derived from one key: its GraphQL type
// name ('TeamMember'). A collection is named by its plural ('TeamMembers', English rules unless the
// declaration gives `plural`), a singleton by the type name itself; from that name come the GraphQL
// query field (camelCase), the REST path and admin route (kebab-case) and the table (snake_case).
// A declaration may override any of them; names.test.ts pins the names of the existing types.

/** The names a declaration may give; each is derived when absent. */
export interface ContentNames {
  /** GraphQL query field ('teamMembers', 'landingContent'). */
  queryField: string;
  /** A collection's GraphQL query of one record by id ('teamMember'; 'newsItem' where that would equal queryField). */
  itemField: string;
  /** Database table ('team_members'). */
  table: string;
  /** REST segment: /api/<restPath>, /api/admin/<restPath> ('team-members'). */
  restPath: string;
  /** Admin route: /admin/<adminPath> (the REST path unless given). */
  adminPath: string;
}

/** What the names are derived from. */
export interface NameSource {
  kind: 'collection' | 'singleton';
  typeName: string;
  /** A collection's name for many ('News', 'ContactInfo'); the English plural of typeName unless given. */
  plural?: string;
}

/** The words of a PascalCase or camelCase name: 'TeamMember' -> ['Team', 'Member']. */
function words(name: string): string[] {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name)) throw new Error(`Content type name ${JSON.stringify(name)}: letters and digits only, starting with a letter`);
  return name.match(/[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])/g) ?? [name];
}

export const camelCase = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
export const kebabCase = (name: string) => words(name).map((w) => w.toLowerCase()).join('-');
export const snakeCase = (name: string) => words(name).map((w) => w.toLowerCase()).join('_');

/** English plural of a PascalCase name's last word: Country -> Countries, Brand -> Brands, Box -> Boxes. */
export function pluralOf(name: string): string {
  if (/[^aeiou]y$/i.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(name)) return `${name}es`;
  return `${name}s`;
}

/** Every name of a type: the declaration's own where given, else derived from its typeName. */
export function contentNames(source: NameSource & Partial<ContentNames>): ContentNames {
  const base = source.kind === 'collection' ? (source.plural ?? pluralOf(source.typeName)) : source.typeName;
  const queryField = source.queryField ?? camelCase(base);
  const restPath = source.restPath ?? kebabCase(base);
  const single = camelCase(source.typeName);
  const itemField = source.itemField ?? (single === queryField ? `${single}Item` : single);
  if (itemField === queryField) throw new Error(`${source.typeName}: itemField must differ from queryField`);
  return { queryField, itemField, table: source.table ?? snakeCase(base), restPath, adminPath: source.adminPath ?? restPath };
}
