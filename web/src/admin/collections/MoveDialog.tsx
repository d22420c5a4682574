import { CloseButton, Dialog, Field, Input, Portal, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { DialogFormFooter } from '../forms/DialogFormFooter';

const number = (n: number) => n.toLocaleString('en-US');

/** The range message of the position field. */
export const positionMessage = (total: number) => `Position must be a whole number from 1 to ${number(total)}`;

/** "Move to position…": asks for a 1-based position in the public order (1..total) and hands it over. */
export function MoveDialog({
  target,
  total,
  onMove,
  onClose,
}: {
  /** The row being moved, with its current 1-based position; null: closed. */
  target: { label: string; position: number } | null;
  /** How many records the collection holds. */
  total: number;
  /** Resolves when the move is done (the dialog closes) or failed (it stays open). */
  onMove(position: number): Promise<boolean>;
  onClose(): void;
}) {
  const schema = yup.object({
    position: yup
      .number()
      .typeError(positionMessage(total))
      .required(positionMessage(total))
      .integer(positionMessage(total))
      .min(1, positionMessage(total))
      .max(total, positionMessage(total)),
  });
  const errorId = 'move-position-error';
  return (
    <Dialog.Root open={target !== null} onOpenChange={(details) => !details.open && onClose()} placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            {target && (
              <Formik
                initialValues={{ position: String(target.position) }}
                validationSchema={schema}
                validateOnBlur={false}
                onSubmit={async (values) => {
                  if (await onMove(Number(values.position))) onClose();
                }}
              >
                {({ values, errors, submitCount, isSubmitting, handleChange }) => {
                  const invalid = submitCount > 0 && !!errors.position;
                  return (
                    <Form noValidate style={{ display: 'contents' }}>
                      <Dialog.Header>
                        <Dialog.Title>Move “{target.label}”</Dialog.Title>
                      </Dialog.Header>
                      <Dialog.Body>
                        <Text fontSize="sm" color="fg.muted" mb="3">
                          Now at position {number(target.position)} of {number(total)} in the public order.
                        </Text>
                        <Field.Root invalid={invalid} required ids={{ errorText: errorId }}>
                          <Field.Label>
                            New position (1–{number(total)})
                            <Field.RequiredIndicator />
                          </Field.Label>
                          <Input
                            name="position"
                            type="number"
                            inputMode="numeric"
                            min={1}
                            max={total}
                            step={1}
                            value={values.position}
                            onChange={handleChange}
                            aria-describedby={invalid ? errorId : undefined}
                            // The dialog's focus trap moves focus here once it is active (a frame
                            // after opening, so after the menu has given focus back to its trigger);
                            // React's autoFocus would focus it at once and lose it to that.
                            data-autofocus
                          />
                          {/* red.fg: the default fg.error (red.500) is 3.8:1 on white, under WCAG AA's 4.5:1 for this small text. */}
                          {invalid && <Field.ErrorText color="red.fg">{errors.position}</Field.ErrorText>}
                        </Field.Root>
                      </Dialog.Body>
                      <DialogFormFooter onCancel={onClose} saving={isSubmitting} submitLabel="Move" busyLabel="Moving..." />
                    </Form>
                  );
                }}
              </Formik>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
