import { useState, type KeyboardEvent } from 'react';
import type { Editor } from '@tiptap/react';
import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { linkAddress } from './extensions';

/** The message for an address the site does not link to (the model's own rule: allowedHref). */
export const LINK_REFUSED = 'Enter a web address (https://...) or an email address (mailto:...). Other kinds of links are not allowed.';

/**
 * Adds, changes or removes the link at the editor's selection. A form of its own inside the
 * record's form (not a nested <form>): Enter applies, Escape closes, both without sending the
 * record. An address the model does not allow (javascript:, data:, a relative path) is refused
 * with a message beside the box.
 */
export function LinkForm({ editor, id, onClose }: { editor: Editor; id: string; onClose(): void }) {
  const current = editor.getAttributes('link').href as string | undefined;
  const [typed, setTyped] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;

  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = () => {
    const href = linkAddress(typed);
    if (href === null) {
      setError(LINK_REFUSED);
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the linked text.
      chain.insertContent({ type: 'text', text: href.replace(/^mailto:/, ''), marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.extendMarkRange('link').setLink({ href }).run();
    }
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault(); // not the record's form
      apply();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation(); // closes this form, not the dialog
      close();
    }
  };

  return (
    <Stack id={id} role="group" aria-label={current ? 'Edit link' : 'Add link'} gap="2" p="3" borderBottomWidth="1px" bg="bg.subtle" onKeyDown={onKeyDown}>
      <Field.Root invalid={error !== null} ids={{ errorText: errorId, helperText: helpId }}>
        <Field.Label>Link address</Field.Label>
        <Input
          size="sm"
          bg="bg"
          type="text"
          inputMode="url"
          autoComplete="off"
          autoFocus
          value={typed}
          aria-describedby={error ? `${helpId} ${errorId}` : helpId}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(null);
          }}
        />
        <Field.HelperText>A web page (https://...) or an email address (mailto:...).</Field.HelperText>
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      <HStack gap="2" wrap="wrap">
        <Button type="button" size="xs" colorPalette="brand" onClick={apply}>
          {current ? 'Update link' : 'Add link'}
        </Button>
        {current && (
          <Button type="button" size="xs" variant="outline" colorPalette="red" onClick={remove}>
            Remove link
          </Button>
        )}
        <Button type="button" size="xs" variant="ghost" onClick={close}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}
