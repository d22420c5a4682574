import { useContext, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useFormikContext } from 'formik';
import { Button, Code, Flex, HStack, Image, Progress, Stack, Text } from '@chakra-ui/react';
import { ImageOff, ImageUp, X } from 'lucide-react';
import { notify } from '../../components/notifications';
import { useAdminFailures } from '../auth/session-expiry';
import { serverMessage } from '../errors';
import type { FieldSpec, FormValues } from './field-spec';
import { ImageUploaderContext } from './image-uploader';
import { refuseUpload } from './upload-image';

/**
 * A picture field: preview, 'Upload Image' (or 'Replace Image') with progress, then 'Image
 * uploaded: <url>', and 'Remove' to clear it. `urlEntry` adds the address box (brands, countries):
 * typing a web address stays possible. The value is the URL.
 */
export function ImageInput({ field, urlEntry }: { field: FieldSpec; urlEntry?: ReactNode }) {
  const { values, setFieldValue, setFieldTouched } = useFormikContext<FormValues>();
  const upload = useContext(ImageUploaderContext);
  const failures = useAdminFailures();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadedUrl, setUploadedUrl] = useState<string | null>(null);
  const [broken, setBroken] = useState<string | null>(null);
  const url = String(values[field.name] ?? '');
  const showPreview = /^(https?:\/\/|\/uploads\/)\S+$/.test(url) && broken !== url;

  async function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    const refusal = refuseUpload(file);
    if (refusal) {
      notify('error', refusal.title, refusal.description);
      return;
    }
    setProgress(0);
    try {
      const stored = await upload(file, setProgress);
      await setFieldValue(field.name, stored, true);
      setUploadedUrl(stored);
      notify('success', 'Success', 'Image uploaded successfully');
    } catch (error) {
      failures.report(error, serverMessage(error) ?? 'Failed to upload image', 'Upload failed');
    } finally {
      setProgress(null);
    }
  }

  return (
    <Stack gap="2" w="full">
      {urlEntry}
      <HStack gap="3" align="center" wrap="wrap">
        {showPreview ? (
          <Image
            src={url}
            alt={`${field.label} preview`}
            boxSize="16"
            objectFit="contain"
            rounded="md"
            borderWidth="1px"
            bg="bg.muted"
            onError={() => setBroken(url)}
          />
        ) : (
          <Flex boxSize="16" rounded="md" borderWidth="1px" borderStyle="dashed" align="center" justify="center" color="fg.muted" aria-hidden>
            <ImageOff size={20} />
          </Flex>
        )}
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            setFieldTouched(field.name, true, false);
            fileInput.current?.click();
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
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          aria-label={`${field.label} file`}
          onChange={onFileChosen}
        />
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
