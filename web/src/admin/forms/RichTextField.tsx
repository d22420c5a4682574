import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { useFormikContext } from 'formik';
import { Alert, Box, Button, Field, Spinner, Text } from '@chakra-ui/react';
import { richTextFromPlainText, type RichTextDocument } from '@consulting/model';
import type { FieldSpec, FormValues } from './field-spec';

/** The editor (TipTap and ProseMirror) is a chunk of its own, loaded when a form with a rich field opens. */
export const loadRichTextEditor = () => import('./rich-text/RichTextEditor');
/** The lazy component; replaced after a failed load, since a lazy component keeps its first failure. */
let RichTextEditor = lazy(loadRichTextEditor);

/**
 * What the field shows when the editor's code cannot be fetched (offline, or a new version of the
 * site replaced the file): a message and 'Try again', instead of the whole admin panel failing.
 */
export class EditorLoadBoundary extends Component<{ children: ReactNode; onRetry(): void }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert.Root status="error" w="full">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The text editor could not be loaded</Alert.Title>
          <Alert.Description>
            Check the connection, then try again (or reload the page).
            <Box mt="2">
              <Button
                type="button"
                size="xs"
                variant="outline"
                onClick={() => {
                  this.props.onRetry();
                  this.setState({ failed: false });
                }}
              >
                Try again
              </Button>
            </Box>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
}

/**
 * A rich field in a record form: its label, the editor (the value is the document, null when
 * empty) and its error, tied to the editable area as the other fields tie theirs.
 */
export function RichTextField({ field, invalid, error }: { field: FieldSpec; invalid: boolean; error?: string }) {
  const form = useFormikContext<FormValues>();
  const [, setAttempt] = useState(0);
  const ids = { label: `field-${field.name}-label`, errorText: `field-${field.name}-error` };
  // A document; plain text only in a draft kept before the field was rich.
  const raw = form.values[field.name];
  const value = typeof raw === 'string' ? richTextFromPlainText(raw) : raw !== null && typeof raw === 'object' ? (raw as RichTextDocument) : null;
  return (
    <Field.Root invalid={invalid} required={field.required} ids={ids}>
      <Field.Label>
        {field.label}
        <Field.RequiredIndicator />
      </Field.Label>
      <EditorLoadBoundary
        onRetry={() => {
          RichTextEditor = lazy(loadRichTextEditor);
          setAttempt((n) => n + 1);
        }}
      >
      <Suspense
        fallback={
          <Box w="full" minH="52" borderWidth="1px" rounded="l2" display="flex" alignItems="center" justifyContent="center" gap="2" color="fg.muted">
            <Spinner size="sm" />
            <Text fontSize="sm">Loading the editor...</Text>
          </Box>
        }
      >
        <RichTextEditor
          name={field.name}
          label={field.label}
          messageName={field.model.messageName}
          value={value}
          onChange={(document) => void form.setFieldValue(field.name, document, true)}
          onBlur={() => void form.setFieldTouched(field.name, true, true)}
          labelId={ids.label}
          describedBy={invalid ? ids.errorText : undefined}
          invalid={invalid}
          required={field.required}
        />
      </Suspense>
      </EditorLoadBoundary>
      {invalid && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
