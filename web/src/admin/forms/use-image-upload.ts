import { useContext, useRef, useState, type ChangeEvent } from 'react';
import { notify } from '../../components/notifications';
import { useAdminFailures } from '../auth/session-expiry';
import { serverMessage } from '../errors';
import { ImageUploaderContext } from './image-uploader';
import { refuseUpload } from './upload-image';

/**
 * The upload flow of every picture the admin takes (the picture fields, the pictures in rich
 * text): a hidden file input, the browser's own checks (type, size) with their toast, progress
 * while the bytes go, and a failure reported like any other. `onUploaded` gets the stored URL.
 */
export function useImageUpload(onUploaded: (url: string) => unknown) {
  const upload = useContext(ImageUploaderContext);
  const failures = useAdminFailures();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
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
      await onUploaded(stored);
    } catch (error) {
      failures.report(error, serverMessage(error) ?? 'Failed to upload image', 'Upload failed');
    } finally {
      setProgress(null);
    }
  }

  return {
    /** 0..1 while a file goes up, else null. */
    progress,
    /** Opens the file chooser. */
    choose: () => fileInput.current?.click(),
    /** Spread on the hidden `<input>` (give it an aria-label). */
    inputProps: { ref: fileInput, type: 'file', accept: 'image/*', hidden: true, onChange: (event: ChangeEvent<HTMLInputElement>) => void onChange(event) },
  };
}
