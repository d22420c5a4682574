import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Box, IconButton, Separator } from '@chakra-ui/react';
import { Bold, Heading2, Heading3, Heading4, ImagePlus, Italic, Link, List, ListOrdered, TextQuote } from 'lucide-react';
import type { RichTextDocument } from '@consulting/model';
import { EDITOR_EXTENSIONS, storedDocument } from './extensions';
import { ImageForm, selectedImage } from './ImageForm';
import { LinkForm } from './LinkForm';

// The admin's rich-text editor (TipTap on ProseMirror), loaded on demand: its own chunk of the
// admin panel, never part of what public pages download (RichTextField.tsx imports it lazily).

export interface RichTextEditorProps {
  /** The field's name (`content`): names the editor's parts. */
  name: string;
  /** The field's label: the toolbar is '<label> formatting'. */
  label: string;
  /** The field's name in messages ('Content'). */
  messageName: string;
  value: RichTextDocument | null;
  onChange(value: RichTextDocument | null): void;
  onBlur(): void;
  /** The field label's id: the editable area's accessible name. */
  labelId: string;
  /** The field's error message (and help) ids, while shown. */
  describedBy?: string;
  invalid: boolean;
  required: boolean;
}

type Panel = 'link' | 'image' | null;

/** What the toolbar shows as on (the marks and blocks at the selection). */
function toolbarState({ editor }: { editor: Editor }) {
  return {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    link: editor.isActive('link'),
    h2: editor.isActive('heading', { level: 2 }),
    h3: editor.isActive('heading', { level: 3 }),
    h4: editor.isActive('heading', { level: 4 }),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    blockquote: editor.isActive('blockquote'),
    image: selectedImage(editor) !== null,
  };
}

interface Tool {
  key: string;
  label: string;
  icon: ReactNode;
  /** A toggle (a mark, a kind of block): aria-pressed. */
  pressed?: boolean;
  /** Opens a panel: aria-expanded. */
  expanded?: boolean;
  shortcut?: string;
  run(): void;
}

/**
 * The toolbar: one tab stop, the arrow keys (and Home, End) move between its buttons, as the ARIA
 * toolbar pattern has it. Every button has a name; toggles say whether they are on.
 */
function Toolbar({ label, controls, groups }: { label: string; controls: string; groups: Tool[][] }) {
  const [current, setCurrent] = useState(0);
  const tools = groups.flat();
  const ref = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, (i: number) => number> = {
      ArrowRight: (i) => (i + 1) % tools.length,
      ArrowLeft: (i) => (i - 1 + tools.length) % tools.length,
      Home: () => 0,
      End: () => tools.length - 1,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(current);
    setCurrent(next);
    ref.current?.querySelectorAll<HTMLButtonElement>('button[data-tool]')[next]?.focus();
  };
  let index = -1;
  return (
    <Box ref={ref} role="toolbar" aria-label={`${label} formatting`} aria-controls={controls} display="flex" flexWrap="wrap" alignItems="center" gap="0.5" p="1" borderBottomWidth="1px" onKeyDown={onKeyDown}>
      {groups.map((group, g) => (
        // A group wraps as a whole: a narrow toolbar never splits the lists or the headings.
        <Box key={`group-${g}`} display="flex" alignItems="center" gap="0.5">
          {g > 0 && <Separator orientation="vertical" height="5" mx="1" />}
          {group.map((tool) => {
            index += 1;
            const i = index;
            return (
              <IconButton
                key={tool.key}
                data-tool={tool.key}
                type="button"
                size="sm"
                variant={tool.pressed || tool.expanded ? 'subtle' : 'ghost'}
                colorPalette={tool.pressed || tool.expanded ? 'brand' : 'gray'}
                aria-label={tool.label}
                title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
                aria-pressed={tool.pressed}
                aria-expanded={tool.expanded}
                tabIndex={i === current ? 0 : -1}
                onFocus={() => setCurrent(i)}
                // Keep the editor's selection: the click acts on it.
                onMouseDown={(event) => event.preventDefault()}
                onClick={tool.run}
              >
                {tool.icon}
              </IconButton>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}

export default function RichTextEditor({ name, label, messageName, value, onChange, onBlur, labelId, describedBy, invalid, required }: RichTextEditorProps) {
  const editorId = `rich-text-${name}`;
  const [panel, setPanel] = useState<Panel>(null);
  // The latest callbacks and the value the editor last gave the form (the binding keeps the first handlers).
  const handlers = useRef({ onChange, onBlur, messageName, openLink: () => setPanel('link') });
  handlers.current = { onChange, onBlur, messageName, openLink: () => setPanel('link') };
  const emitted = useRef<RichTextDocument | null | undefined>(undefined);
  const [initialContent] = useState(() => value ?? undefined);

  const editorProps = useMemo(
    () => ({
      attributes: {
        id: editorId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy && { 'aria-describedby': describedBy }),
        ...(invalid && { 'aria-invalid': 'true' }),
        ...(required && { 'aria-required': 'true' }),
      },
      handleKeyDown: (_view: unknown, event: globalThis.KeyboardEvent) => {
        // Ctrl/Cmd+K: the link form, as in most editors.
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          handlers.current.openLink();
          return true;
        }
        return false;
      },
    }),
    [editorId, labelId, describedBy, invalid, required],
  );

  const editor = useEditor({
    extensions: EDITOR_EXTENSIONS,
    content: initialContent,
    editorProps,
    // Rendered in the browser only (the admin panel has no server rendering).
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: changed }) => {
      const document = storedDocument(changed.getJSON(), handlers.current.messageName);
      emitted.current = document;
      handlers.current.onChange(document);
    },
    onBlur: () => handlers.current.onBlur(),
  });

  // A value from outside (a restored draft, a reloaded record) replaces what the editor shows.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    const current = storedDocument(editor.getJSON(), messageName);
    if (JSON.stringify(current) === JSON.stringify(value)) return;
    editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value, messageName]);

  const state = useEditorState({ editor, selector: toolbarState });
  const toggle = (panelName: Exclude<Panel, null>) => setPanel((open) => (open === panelName ? null : panelName));
  const chain = () => editor.chain().focus();
  const groups: Tool[][] = [
    [
      { key: 'h2', label: 'Heading 2', icon: <Heading2 />, pressed: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
      { key: 'h3', label: 'Heading 3', icon: <Heading3 />, pressed: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
      { key: 'h4', label: 'Heading 4', icon: <Heading4 />, pressed: state.h4, run: () => chain().toggleHeading({ level: 4 }).run() },
    ],
    [
      { key: 'bold', label: 'Bold', icon: <Bold />, pressed: state.bold, shortcut: 'Ctrl+B', run: () => chain().toggleBold().run() },
      { key: 'italic', label: 'Italic', icon: <Italic />, pressed: state.italic, shortcut: 'Ctrl+I', run: () => chain().toggleItalic().run() },
      { key: 'link', label: state.link ? 'Edit link' : 'Link', icon: <Link />, pressed: state.link, expanded: panel === 'link', shortcut: 'Ctrl+K', run: () => toggle('link') },
    ],
    [
      { key: 'bulletList', label: 'Bulleted list', icon: <List />, pressed: state.bulletList, run: () => chain().toggleBulletList().run() },
      { key: 'orderedList', label: 'Numbered list', icon: <ListOrdered />, pressed: state.orderedList, run: () => chain().toggleOrderedList().run() },
      { key: 'blockquote', label: 'Quote', icon: <TextQuote />, pressed: state.blockquote, run: () => chain().toggleBlockquote().run() },
    ],
    [{ key: 'image', label: state.image ? 'Edit image' : 'Insert image', icon: <ImagePlus />, expanded: panel === 'image', run: () => toggle('image') }],
  ];

  return (
    <Box
      w="full"
      borderWidth="1px"
      borderColor={invalid ? 'border.error' : 'border'}
      rounded="l2"
      bg="bg"
      css={{
        '&:has(.ProseMirror:focus-visible)': { outline: '2px solid', outlineColor: invalid ? 'border.error' : 'brand.focusRing', outlineOffset: '-1px' },
      }}
    >
      <Toolbar label={label} controls={editorId} groups={groups} />
      {panel === 'link' && <LinkForm key={`link-${String(state.link)}`} editor={editor} id={`${editorId}-link`} onClose={() => setPanel(null)} />}
      {panel === 'image' && <ImageForm key={`image-${String(state.image)}`} editor={editor} id={`${editorId}-image`} onClose={() => setPanel(null)} />}
      <Box
        px="3"
        py="2"
        minH="40"
        maxH="96"
        overflowY="auto"
        fontSize="sm"
        css={{
          '& .ProseMirror': { outline: 'none', minH: '36', whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
          '& .ProseMirror > * + *': { mt: '2' },
          '& h2': { fontSize: 'xl', fontWeight: 'semibold', fontFamily: 'heading', mt: '4' },
          '& h3': { fontSize: 'lg', fontWeight: 'semibold', fontFamily: 'heading', mt: '3' },
          '& h4': { fontSize: 'md', fontWeight: 'semibold', mt: '3' },
          '& ul': { listStyleType: 'disc', ps: '6' },
          '& ol': { listStyleType: 'decimal', ps: '6' },
          '& li > p': { my: '0.5' },
          '& blockquote': { borderStartWidth: '3px', borderColor: 'brand.muted', ps: '3', color: 'fg.muted', fontStyle: 'italic' },
          '& a': { color: 'brand.fg', textDecoration: 'underline' },
          '& img': { maxW: 'full', maxH: '60', rounded: 'md', borderWidth: '1px' },
          '& img.ProseMirror-selectednode': { outline: '3px solid', outlineColor: 'brand.focusRing' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
