import type { FormikHelpers } from 'formik';
import { fieldErrors, graphQLErrors } from '../errors';
import type { LastChange } from './ConflictNotice';
import type { FormValues } from './field-spec';

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * What a form does when the server refuses a save: a stale version shows the conflict notice;
 * field errors go beside their fields; then the failure is reported (toast, or the session ended).
 */
export function onSaveFailure(
  error: unknown,
  helpers: FormikHelpers<FormValues>,
  handlers: { conflict(change: LastChange): void; report(error: unknown): void },
): void {
  const conflict = graphQLErrors(error).find((e) => e.extensions?.code === 'CONFLICT');
  if (conflict) {
    handlers.conflict({ changedBy: text(conflict.extensions?.changedBy), changedAt: text(conflict.extensions?.changedAt) });
    return;
  }
  const serverErrors = fieldErrors(error);
  if (Object.keys(serverErrors).length > 0) {
    helpers.setErrors(serverErrors);
    helpers.setTouched(Object.fromEntries(Object.keys(serverErrors).map((f) => [f, true])), false);
  }
  handlers.report(error);
}
