import 'reflect-metadata';
import { Field as GraphQLField, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLScalarType } from 'graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { displayOrderField, documentKey, RICH_TEXT_LIMITS, sharedDescriptions, type ContentType, type Field } from '@consulting/model';

// The GraphQL object type and input type of a content type, derived from its declaration in the
// content model: each field becomes a GraphQL field with an explicit type (no decorator metadata
// needed). type-graphql describes classes, so each type gets one, made here at run time; the same
// class is the entity's (entity-schema.ts), so resolvers return the records MikroORM loads.

type GraphQLScalar = typeof String | typeof Boolean | typeof Date | typeof Int | GraphQLScalarType;

/**
 * A rich-text document: ProseMirror JSON (what TipTap reads and writes) of the allowed nodes only.
 * The server checks every document it is given and refuses anything else (BAD_USER_INPUT).
 */
export const RichTextDocumentScalar = new GraphQLScalarType({
  ...GraphQLJSONObject.toConfig(),
  name: 'RichTextDocument',
  specifiedByURL: 'https://prosemirror.net/docs/ref/#model.Node.toJSON',
  description:
    'Rich text as a ProseMirror JSON document: {"type":"doc","content":[...]}. Blocks: paragraph, heading (attrs.level 2-4), bulletList, orderedList (attrs.start), ' +
    'listItem, blockquote, image (attrs.src an /uploads/ path, attrs.alt required); inline: text (marks bold, italic, link with attrs.href http, https or mailto), hardBreak. ' +
    `At most ${RICH_TEXT_LIMITS.maxNodes} nodes, ${RICH_TEXT_LIMITS.maxDepth} levels, ${RICH_TEXT_LIMITS.maxTextLength} characters. Anything else is refused.`,
});

/** The GraphQL enums of choice fields, registered once per name (ContactIcon). */
const enums = new Map<string, object>();

/** The GraphQL enum of a choice field with an `enumName` (registered the first time it is asked for). */
export function enumOf(field: Field): object {
  const name = field.enumName!;
  let values = enums.get(name);
  if (!values) {
    const options = field.options ?? [];
    values = Object.fromEntries(options.map((o) => [o.value, o.value]));
    registerEnumType(values, {
      name,
      description: field.description,
      valuesConfig: Object.fromEntries(options.map((o) => [o.value, { description: o.description ?? o.label }])),
    });
    enums.set(name, values);
  }
  return values;
}

const graphQLTypeOf = (field: Field): GraphQLScalar | object =>
  field.kind === 'wholeNumber' ? Int : field.kind === 'flag' ? Boolean : field.enumName ? enumOf(field) : String;

/** A class named `name` with no members of its own (type-graphql and MikroORM read its name). */
function namedClass(name: string): new () => object {
  const made = class {};
  Object.defineProperty(made, 'name', { value: name });
  return made;
}

/**
 * The class of a content type's records and its GraphQL object type: the shared columns (id,
 * display order, creation time, version) and the declared fields, nullable when optional without
 * a default.
 */
export function contentObjectType(type: ContentType): new () => object {
  const target = namedClass(type.typeName);
  const field = (key: string, graphQLType: () => GraphQLScalar | object, options: { nullable?: boolean; description?: string }) =>
    GraphQLField(graphQLType, options)(target.prototype, key);
  field('id', () => Int, { description: sharedDescriptions.id });
  const declared = type.kind === 'collection' ? { ...type.fields, displayOrder: displayOrderField } : type.fields;
  for (const [key, declaration] of Object.entries(declared)) {
    const graphQLType = graphQLTypeOf(declaration); // enums are registered before the schema is built
    const nullable = !declaration.required && declaration.default === undefined && declaration.kind !== 'slug';
    field(key, () => graphQLType, { nullable, description: declaration.description });
    if (declaration.kind === 'richText') {
      field(documentKey(key), () => RichTextDocumentScalar, { nullable: true, description: `${declaration.label} as a rich-text document; null when empty.` });
    }
  }
  if (type.createdAt) field('createdAt', () => Date, { description: sharedDescriptions.createdAt });
  if (type.updatedAt) field('updatedAt', () => Date, { description: sharedDescriptions.updatedAt });
  field('version', () => Int, { description: sharedDescriptions.version });
  ObjectType(type.typeName, { description: type.description })(target);
  return target;
}

/** Declares an input class's fields: the editable fields, required ones non-null unless `allOptional` (a draft). */
export function contentInputFields(Input: new () => object, fields: Readonly<Record<string, Field>>, { allOptional = false } = {}): void {
  for (const [key, field] of Object.entries(fields)) {
    const graphQLType = graphQLTypeOf(field);
    GraphQLField(() => graphQLType, { nullable: allOptional || !field.required, description: field.description })(Input.prototype, key);
    if (field.kind === 'richText') {
      GraphQLField(() => RichTextDocumentScalar, {
        nullable: true,
        description: `${field.label} as a rich-text document (preferred to the plain text ${key} when both are given; null clears it).`,
      })(Input.prototype, documentKey(key));
    }
  }
}

/** The GraphQL input type of a content type: its editable fields, required ones non-null. */
export function contentInput(type: ContentType, fields: Readonly<Record<string, Field>>): new () => object {
  const Input = namedClass(`${type.typeName}Input`);
  contentInputFields(Input, fields);
  InputType(`${type.typeName}Input`, { description: `The editable fields of a ${type.typeName} (create and update).` })(Input);
  return Input;
}
