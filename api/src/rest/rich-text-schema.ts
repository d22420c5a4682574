import { HEADING_LEVELS, RICH_TEXT_LIMITS } from '@consulting/model';

// The JSON Schema (OpenAPI 3.1) of a rich-text document as the API stores and returns it: the
// model's allowlist (model/src/rich-text/document.ts), each node with exactly its attributes. A
// request is checked by the model itself (and told what is wrong); this describes the shape.

type Json = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const node = (type: string, extra: Json = {}, required: string[] = []): Json => ({
  type: 'object',
  properties: { type: { const: type }, ...extra },
  required: ['type', ...required],
  additionalProperties: false,
});
const children = (item: string, minItems = 0) => ({ content: { type: 'array', items: ref(item), ...(minItems && { minItems }) } });

export const RICH_TEXT_SCHEMAS: Json = {
  RichTextDocument: {
    ...node('doc', children('RichTextBlock'), ['content']),
    description:
      `Rich text as a ProseMirror JSON document (what TipTap reads and writes), of the allowed nodes only; at most ${RICH_TEXT_LIMITS.maxNodes} nodes, ` +
      `${RICH_TEXT_LIMITS.maxDepth} levels and ${RICH_TEXT_LIMITS.maxTextLength} characters. Anything else is refused (400).`,
  },
  RichTextBlock: {
    oneOf: [
      node('paragraph', children('RichTextInline')),
      node('heading', { attrs: { type: 'object', properties: { level: { enum: [...HEADING_LEVELS] } }, required: ['level'], additionalProperties: false }, ...children('RichTextInline') }, ['attrs']),
      node('bulletList', children('RichTextListItem', 1), ['content']),
      node('orderedList', { attrs: { type: 'object', properties: { start: { type: 'integer', minimum: 0 } }, additionalProperties: false }, ...children('RichTextListItem', 1) }, ['content']),
      node('blockquote', children('RichTextBlock', 1), ['content']),
      node(
        'image',
        {
          attrs: {
            type: 'object',
            properties: {
              src: { type: 'string', pattern: '^/uploads/[A-Za-z0-9][A-Za-z0-9._-]*$', description: 'A picture uploaded to this site.' },
              alt: { type: 'string', minLength: 1, maxLength: RICH_TEXT_LIMITS.maxAltLength },
            },
            required: ['src', 'alt'],
            additionalProperties: false,
          },
        },
        ['attrs'],
      ),
    ],
  },
  RichTextListItem: node('listItem', children('RichTextBlock', 1), ['content']),
  RichTextInline: {
    oneOf: [
      node(
        'text',
        {
          text: { type: 'string', minLength: 1 },
          marks: {
            type: 'array',
            items: {
              oneOf: [
                node('bold'),
                node('italic'),
                node('link', {
                  attrs: {
                    type: 'object',
                    properties: { href: { type: 'string', pattern: '^(https?://|mailto:)', description: 'http, https or mailto only.' } },
                    required: ['href'],
                    additionalProperties: false,
                  },
                }, ['attrs']),
              ],
            },
          },
        },
        ['text'],
      ),
      node('hardBreak'),
    ],
  },
};

/** A rich field's document as read (null when empty) or as sent. */
export const richTextDocumentSchema = (description: string): Json => ({ description, oneOf: [ref('RichTextDocument'), { type: 'null' }] });
