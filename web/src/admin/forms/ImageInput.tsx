import { useState, type ReactNode } from 'react';
import { useFormikContext } from 'formik';
import { Button, Code, Flex, HStack, Image, Progress, Stack, Text } from '@chakra-ui/react';
import { ImageOff, ImageUp, X } from 'lucide-react';
import { notify } from '../../components/notifications';
import type { FieldSpec, FormValues, ImagePreview } from './field-spec';
import { useImageUpload } from './use-image-upload';

/**
 * The preview tile's size by the picture's shape: a square mark, a wide logo, a 1200x630 share card
 * (the wide ones a little smaller on a phone, so the buttons still fit beside them).
 */
const PREVIEW_SIZE = {
  square: { w: '16', h: '16' },
  wide: { w: { base: '32', sm: '40' }, h: { base: '12.8', sm: '16' } },
  card: { w: { base: '28', sm: '32' }, h: { base: '3.675rem', sm: '4.2rem' } },
} as const satisfies Record<NonNullable<ImagePreview['shape']>, object>;

/**
 * A picture field: preview, 'Upload Image' (or 'Replace Image') with progress, then 'Image
 * uploaded: <url>', and 'Remove' to clear it. `urlEntry` adds the address box (brands, countries):
 * typing a web address stays possible. The value is the URL.
 */
export function ImageInput({ field, urlEntry, describedBy }: { field: FieldSpec; urlEntry?: ReactNode; describedBy?: string }) {
  const { values, setFieldValue, setFieldTouched } = useFormikContext<FormValues>();
  const [uploadedUrl, setUploadedUrl] = useState<string | null>(null);
  const [broken, setBroken] = useState<string | null>(null);
  const { progress, choose, inputProps } = useImageUpload(async (stored) => {
    await setFieldValue(field.name, stored, true);
    setUploadedUrl(stored);
    notify('success', 'Success', 'Image uploaded successfully');
  });
  const url = String(values[field.name] ?? '');
  const showPreview = /^(https?:\/\/|\/uploads\/)\S+$/.test(url) && broken !== url;
  const { w, h } = PREVIEW_SIZE[field.preview?.shape ?? 'square'];
  // A logo for dark backgrounds is shown on one (on the usual light tile a white logo would vanish).
  const dark = field.preview?.dark === true;

  return (
    <Stack gap="2" w="full">
      {urlEntry}
      <HStack gap="3" align="center" wrap="wrap">
        {showPreview ? (
          <Image
            src={url}
            alt={`${field.label} preview`}
            w={w}
            h={h}
            p={dark ? '1.5' : undefined}
            objectFit="contain"
            rounded="md"
            borderWidth="1px"
            bg={dark ? 'gray.900' : 'bg.muted'}
            borderColor={dark ? 'gray.700' : undefined}
            onError={() => setBroken(url)}
          />
        ) : (
          <Flex
            w={w}
            h={h}
            rounded="md"
            borderWidth="1px"
            borderStyle="dashed"
            align="center"
            justify="center"
            bg={dark ? 'gray.900' : undefined}
            color={dark ? 'gray.400' : 'fg.muted'}
            aria-hidden
          >
            <ImageOff size={20} />
          </Flex>
        )}
        {/* Replace and Remove stay together, beside the preview (or under it where the row is narrow). */}
        <Stack gap="1.5" align="start">
          <Button
            variant="outline"
            size="sm"
            aria-describedby={describedBy}
            onClick={() => {
              setFieldTouched(field.name, true, false);
              choose();
            }}
            loading={progress !== null}
            loadingText="Uploading..."
          >
            <ImageUp /> {url ? 'Replace Image' : 'Upload Image'}
          </Button>
          {url && (
            <Button
              variant="ghost"
              size="sm"
              colorPalette="red"
              aria-label={`Remove ${field.label.toLowerCase()}`}
              onClick={() => {
                setUploadedUrl(null);
                void setFieldValue(field.name, '', true);
              }}
            >
              <X /> Remove
            </Button>
          )}
        </Stack>
        <input {...inputProps} aria-label={`${field.label} file`} />
      </HStack>
      {progress !== null && (
        <Progress.Root value={Math.round(progress * 100)} size="sm" colorPalette="brand" aria-label="Upload progress">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {uploadedUrl && uploadedUrl === url && (
        <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
          Image uploaded: <Code size="sm">{uploadedUrl}</Code>
        </Text>
      )}
    </Stack>
  );
}
