import { useState, type KeyboardEvent } from 'react';
import type { Editor } from '@tiptap/react';
import { NodeSelection } from '@tiptap/pm/state';
import { Button, Field, Flex, HStack, Image, Input, Progress, Stack } from '@chakra-ui/react';
import { ImageOff, ImageUp } from 'lucide-react';
import { RICH_TEXT_LIMITS, allowedImageSource, forbiddenCharactersMessage } from '@consulting/model';
import { useImageUpload } from '../use-image-upload';

/** The picture the editor's selection is on (to edit its alt text), else null. */
export function selectedImage(editor: Editor): { src: string; alt: string } | null {
  const { selection } = editor.state;
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== 'image') return null;
  return { src: String(selection.node.attrs.src ?? ''), alt: String(selection.node.attrs.alt ?? '') };
}

/**
 * Puts a picture in the text, or changes the selected one: the file goes up through the admin's
 * upload (the same as the picture fields: checked in the browser, then stored under /uploads/),
 * and the picture needs its alt text, which the site shows to people who cannot see it.
 */
export function ImageForm({ editor, id, onClose }: { editor: Editor; id: string; onClose(): void }) {
  const editing = selectedImage(editor);
  const [src, setSrc] = useState(editing?.src ?? '');
  const [alt, setAlt] = useState(editing?.alt ?? '');
  const [errors, setErrors] = useState<{ picture?: string; alt?: string }>({});
  const { progress, choose, inputProps } = useImageUpload((stored) => {
    setSrc(stored);
    setErrors((e) => ({ ...e, picture: undefined }));
  });
  const ids = { picture: `${id}-picture-error`, alt: `${id}-alt-error`, altHelp: `${id}-alt-help` };

  const close = () => {
    onClose();
    editor.commands.focus();
  };

  const apply = () => {
    const text = alt.trim();
    const next = {
      picture: !src ? 'Upload a picture first' : allowedImageSource(src) ? undefined : 'Pictures in the text must be uploaded to this site',
      alt:
        text === ''
          ? 'Alt text is required: describe what the picture shows'
          : text.length > RICH_TEXT_LIMITS.maxAltLength
            ? `Alt text must be at most ${RICH_TEXT_LIMITS.maxAltLength} characters`
            : (forbiddenCharactersMessage('Alt text', text) ?? undefined),
    };
    setErrors(next);
    if (next.picture || next.alt) return;
    if (editing) editor.chain().focus().updateAttributes('image', { src, alt: text }).run();
    else editor.chain().focus().setImage({ src, alt: text }).run();
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault(); // not the record's form
      apply();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  return (
    <Stack id={id} role="group" aria-label={editing ? 'Edit image' : 'Insert image'} gap="3" p="3" borderBottomWidth="1px" bg="bg.subtle" onKeyDown={onKeyDown}>
      <Field.Root invalid={Boolean(errors.picture)} ids={{ errorText: ids.picture }}>
        <Field.Label>Picture</Field.Label>
        <HStack gap="3" wrap="wrap">
          {src ? (
            <Image src={src} alt="" boxSize="16" objectFit="contain" rounded="md" borderWidth="1px" bg="bg" />
          ) : (
            <Flex boxSize="16" rounded="md" borderWidth="1px" borderStyle="dashed" align="center" justify="center" color="fg.muted" aria-hidden>
              <ImageOff size={20} />
            </Flex>
          )}
          <Button
            type="button"
            variant="outline"
            size="xs"
            bg="bg"
            loading={progress !== null}
            loadingText="Uploading..."
            aria-describedby={errors.picture ? ids.picture : undefined}
            onClick={choose}
            autoFocus={!editing}
          >
            <ImageUp /> {src ? 'Replace picture' : 'Upload picture'}
          </Button>
          <input {...inputProps} aria-label="Picture file for the text" />
        </HStack>
        {progress !== null && (
          <Progress.Root value={Math.round(progress * 100)} size="xs" colorPalette="brand" aria-label="Upload progress" w="full">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        )}
        {errors.picture && <Field.ErrorText>{errors.picture}</Field.ErrorText>}
      </Field.Root>
      <Field.Root invalid={Boolean(errors.alt)} required ids={{ errorText: ids.alt, helperText: ids.altHelp }}>
        <Field.Label>
          Alt text
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          size="sm"
          bg="bg"
          value={alt}
          autoFocus={Boolean(editing)}
          aria-describedby={errors.alt ? `${ids.altHelp} ${ids.alt}` : ids.altHelp}
          onChange={(event) => {
            setAlt(event.target.value);
            setErrors((e) => ({ ...e, alt: undefined }));
          }}
        />
        <Field.HelperText>What the picture shows, for people who cannot see it.</Field.HelperText>
        {errors.alt && <Field.ErrorText>{errors.alt}</Field.ErrorText>}
      </Field.Root>
      <HStack gap="2" wrap="wrap">
        <Button type="button" size="xs" colorPalette="brand" onClick={apply} disabled={progress !== null}>
          {editing ? 'Save picture' : 'Insert picture'}
        </Button>
        <Button type="button" size="xs" variant="ghost" onClick={close}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}
