import { Form, Formik } from 'formik';
import { Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { formatDateTimeIn, timeZoneLabel, wallClockIn } from '../shell/format-date';
import type { ScheduledJob } from './publication-operations';
import { nextHour, scheduleErrors, type ScheduleValues } from './schedule-form';

const ACTION_LABEL = { publish: 'Publish', unpublish: 'Unpublish' } as const;

/**
 * What and when: publish or unpublish, a date and a time on the firm's clock (named beside the
 * fields); a time that has passed is refused. Changing an entry keeps its action.
 */
export function ScheduleForm({
  timeZone,
  live,
  unpublishable,
  changing,
  onSubmit,
  onCancel,
}: {
  timeZone: string;
  /** On the site with nothing new to publish: unpublishing is offered first. */
  live: boolean;
  unpublishable: boolean;
  changing: ScheduledJob | null;
  onSubmit(values: ScheduleValues): Promise<void>;
  onCancel(): void;
}) {
  const zone = timeZoneLabel(timeZone);
  const start = changing ? wallClockIn(changing.runAt, timeZone) : nextHour(timeZone);
  const action: ScheduleValues['action'] = changing ? (changing.kind === 'unpublish' ? 'unpublish' : 'publish') : live && unpublishable ? 'unpublish' : 'publish';
  return (
    <Formik<ScheduleValues>
      initialValues={{ action, ...start }}
      validate={(values) => scheduleErrors(values, timeZone)}
      validateOnBlur={false}
      validateOnChange={false}
      onSubmit={onSubmit}
    >
      {({ values, errors, submitCount, isSubmitting, handleChange }) => {
        const invalid = (name: 'date' | 'time') => submitCount > 0 && !!errors[name];
        return (
          <Form noValidate>
            <Stack gap="4">
              {changing || !unpublishable ? (
                <Text>
                  {changing ? `${ACTION_LABEL[action]} now set for ${formatDateTimeIn(changing.runAt, timeZone)}. Choose the new time.` : 'Publish the saved draft at:'}
                </Text>
              ) : (
                <Field.Root>
                  <Field.Label>Action</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field name="action" value={values.action} onChange={handleChange}>
                      <option value="publish">Publish at</option>
                      <option value="unpublish">Unpublish at</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Field.HelperText>
                    {values.action === 'publish' ? 'At that time the draft as last saved goes on the site.' : 'At that time the item is taken off the site (it is not deleted).'}
                  </Field.HelperText>
                </Field.Root>
              )}
              <Text fontSize="sm" color="fg.muted" id="schedule-zone">
                Times are on the firm’s clock: {zone}.
              </Text>
              <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
                <Field.Root invalid={invalid('date')} required ids={{ errorText: 'schedule-date-error' }}>
                  <Field.Label>
                    Date
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input name="date" type="date" value={values.date} onChange={handleChange} aria-describedby={invalid('date') ? 'schedule-date-error' : 'schedule-zone'} />
                  {invalid('date') && <Field.ErrorText color="red.fg">{errors.date}</Field.ErrorText>}
                </Field.Root>
                <Field.Root invalid={invalid('time')} required ids={{ errorText: 'schedule-time-error' }}>
                  <Field.Label>
                    Time ({timeZone})
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input name="time" type="time" value={values.time} onChange={handleChange} aria-describedby={invalid('time') ? 'schedule-time-error' : 'schedule-zone'} />
                  {invalid('time') && <Field.ErrorText color="red.fg">{errors.time}</Field.ErrorText>}
                </Field.Root>
              </Stack>
              <HStack justify="flex-end" gap="3" pt="2">
                <Button variant="outline" onClick={onCancel}>
                  Close
                </Button>
                <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Scheduling...">
                  {changing ? 'Change time' : 'Schedule'}
                </Button>
              </HStack>
            </Stack>
          </Form>
        );
      }}
    </Formik>
  );
}
