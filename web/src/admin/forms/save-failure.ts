import type { FormikHelpers } from 'formik';
import { fieldErrors, hasErrorCode } from '../errors';
import type { FormValues } from './field-spec';

/**
 * What a form does when the server refuses a save: a stale version shows the conflict notice;
 * field errors go beside their fields; then the failure is reported (toast, or the session ended).
 */
export function onSaveFailure(
  error: unknown,
  helpers: FormikHelpers<FormValues>,
  handlers: { conflict(): void; report(error: unknown): void },
): void {
  if (hasErrorCode(error, 'CONFLICT')) {
    handlers.conflict();
    return;
  }
  const serverErrors = fieldErrors(error);
  if (Object.keys(serverErrors).length > 0) {
    helpers.setErrors(serverErrors);
    helpers.setTouched(Object.fromEntries(Object.keys(serverErrors).map((f) => [f, true])), false);
  }
  handlers.report(error);
}
