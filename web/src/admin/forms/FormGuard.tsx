import { useEffect, useRef, useState } from 'react';
import { useFormikContext } from 'formik';
import { Alert, Button, HStack } from '@chakra-ui/react';
import type { FormValues } from './field-spec';
import { dropDraft, isLeavingForLogin, readDraft, registerForm, type StoredDraft } from './drafts';

/**
 * Put inside a <Formik>: reports whether the form is dirty (for the discard question and the
 * browser's "leave page?" prompt), keeps its values if the session ends, and offers a kept draft
 * for the same screen and record back.
 */
export function FormGuard({ draftKey, path, label }: { draftKey: string; path: string; label: string }) {
  const form = useFormikContext<FormValues>();
  const latest = useRef(form);
  latest.current = form;
  const [offer, setOffer] = useState<StoredDraft | null>(() => readDraft(draftKey));

  useEffect(
    () =>
      registerForm(draftKey, {
        get dirty() {
          return latest.current.dirty;
        },
        snapshot: () => ({ path, label, values: latest.current.values, savedAt: Date.now() }),
      }),
    [draftKey, path, label],
  );

  useEffect(() => {
    if (!form.dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (isLeavingForLogin()) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [form.dirty]);

  if (!offer) return null;
  const restore = () => {
    void form.setValues({ ...form.values, ...offer.values } as FormValues, true);
    dropDraft(draftKey);
    setOffer(null);
  };
  const discard = () => {
    dropDraft(draftKey);
    setOffer(null);
  };
  return (
    <Alert.Root status="info" mb="4" data-testid="draft-offer">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Unsaved changes were kept</Alert.Title>
        <Alert.Description>
          Your session ended before you saved. Restore what you had typed?
          <HStack mt="2" gap="2">
            <Button size="xs" colorPalette="brand" onClick={restore}>
              Restore changes
            </Button>
            <Button size="xs" variant="outline" onClick={discard}>
              Discard
            </Button>
          </HStack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
