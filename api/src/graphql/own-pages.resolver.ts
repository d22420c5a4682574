import { Arg, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { richTextHtml } from '@consulting/model';
import { collections, type CollectionDefinition } from '../content/registry.js';
import { RichTextDocumentScalar } from '../content/graphql-types.js';
import { documentOf, findBySlug, neighbourOf, richFieldsOf } from '../content/pages/own-pages.js';
import { overlayFor, previewInstance } from '../preview/overlay.js';
import type { GraphQLContext } from './context.js';

// The GraphQL reads of items with pages of their own and of rich text: `<item>BySlug(slug)`, each
// record's `previous` and `next` in the public list, and each rich field's document (`...Document`,
// made from the plain text for a row stored without one) and HTML (`...Html`, the model's renderer).

type Row = Record<string, unknown> & { id: number; displayOrder: number };

function named<T extends Function>(target: T, name: string): T {
  Object.defineProperty(target, 'name', { value: name });
  return target;
}

function pageResolver(entry: CollectionDefinition) {
  const { entity, typeName, itemField } = entry;
  const page = entry.type.page!;

  @Resolver(() => entity)
  class OwnPageResolver {
    @Query(() => entity, {
      name: `${itemField}BySlug`,
      nullable: true,
      description: `One ${typeName} by its slug (its page: ${page.path}/<slug>); null when no published one has it (an old slug is not followed).`,
    })
    bySlug(@Arg('slug', () => String, { description: 'The slug: lower-case words joined by hyphens.' }) slug: string, @Ctx() ctx: GraphQLContext) {
      const preview = overlayFor(ctx.preview, entry.path);
      if (preview && preview.record.slug === slug) return previewInstance(entry, preview);
      return findBySlug(ctx.em, entry, slug);
    }

    @FieldResolver(() => entity, { nullable: true, description: `The ${typeName} before this one in the public list (display order, then id); null for the first.` })
    previous(@Root() record: Row, @Ctx() ctx: GraphQLContext) {
      return neighbourOf(ctx.em, entry, record, 'previous');
    }

    @FieldResolver(() => entity, { nullable: true, description: `The ${typeName} after this one in the public list; null for the last.` })
    next(@Root() record: Row, @Ctx() ctx: GraphQLContext) {
      return neighbourOf(ctx.em, entry, record, 'next');
    }
  }
  return named(OwnPageResolver, `${typeName}PageResolver`);
}

function richTextResolver(entry: CollectionDefinition) {
  const { entity, typeName } = entry;
  const fields = richFieldsOf(entry.type);
  @Resolver(() => entity)
  class RichTextResolver {}
  for (const field of fields) {
    const documentMethod = `${field.document}Field`;
    const htmlMethod = `${field.key}HtmlField`;
    Object.assign(RichTextResolver.prototype, {
      [documentMethod]: (record: Row) => documentOf(record, field),
      [htmlMethod]: (record: Row) => {
        const doc = documentOf(record, field);
        return doc ? richTextHtml(doc) : null;
      },
    });
    FieldResolver(() => RichTextDocumentScalar, { name: field.document, nullable: true, description: `${field.label} as a rich-text document; null when empty.` })(
      RichTextResolver.prototype,
      documentMethod,
      Object.getOwnPropertyDescriptor(RichTextResolver.prototype, documentMethod)!,
    );
    Root()(RichTextResolver.prototype, documentMethod, 0);
    FieldResolver(() => String, {
      name: `${field.key}Html`,
      nullable: true,
      description: `${field.label} as HTML, rendered by the server from the document (only the allowed elements; links http, https and mailto); null when empty.`,
    })(RichTextResolver.prototype, htmlMethod, Object.getOwnPropertyDescriptor(RichTextResolver.prototype, htmlMethod)!);
    Root()(RichTextResolver.prototype, htmlMethod, 0);
  }
  return named(RichTextResolver, `${typeName}RichTextResolver`);
}

/** The resolvers of pages and rich text, for the types that have them. */
export const ownPageResolvers: Function[] = [
  ...collections.filter((entry) => entry.type.page).map(pageResolver),
  ...collections.filter((entry) => richFieldsOf(entry.type).length > 0).map(richTextResolver),
];
