import { createContext, useCallback, useContext, useMemo, useRef, type ReactNode } from 'react';
import { notify } from '../../components/notifications';
import { isUnauthenticated } from '../errors';
import { keepDraftsOnSignOut } from '../forms/drafts';

/** Spec: after an unauthorized answer the browser goes to the login endpoint after 500 ms. */
export const LOGGED_OUT_REDIRECT_DELAY_MS = 500;
/** The REST login path; the API redirects it to /admin/login. */
export const LOGIN_ENDPOINT = '/api/login';

function goToLoginEndpoint() {
  window.location.href = LOGIN_ENDPOINT;
}

interface AdminFailures {
  /** The session ended while a screen was open: tell the user and send the browser to log in. */
  loggedOut(): void;
  /**
   * Reports a failed query or mutation: the logged-out flow when the server refused the caller,
   * otherwise a toast `title` (default 'Error') with `message`. Returns true when the session has ended.
   */
  report(error: unknown, message: string, title?: string): boolean;
}

const AdminFailuresContext = createContext<AdminFailures | null>(null);

export function AdminFailuresProvider({
  children,
  redirect = goToLoginEndpoint,
}: {
  children: ReactNode;
  /** Where the browser goes after the logged-out toast (replaceable in tests). */
  redirect?: () => void;
}) {
  const redirecting = useRef(false);
  const loggedOut = useCallback(() => {
    // Several requests may fail at once; one toast and one redirect are enough.
    if (redirecting.current) return;
    redirecting.current = true;
    keepDraftsOnSignOut();
    notify('error', 'Unauthorized', 'You are logged out. Logging in again...');
    setTimeout(redirect, LOGGED_OUT_REDIRECT_DELAY_MS);
  }, [redirect]);
  const value = useMemo<AdminFailures>(
    () => ({
      loggedOut,
      report(error, message, title = 'Error') {
        if (isUnauthenticated(error)) {
          loggedOut();
          return true;
        }
        notify('error', title, message);
        return false;
      },
    }),
    [loggedOut],
  );
  return <AdminFailuresContext.Provider value={value}>{children}</AdminFailuresContext.Provider>;
}

export function useAdminFailures(): AdminFailures {
  const value = useContext(AdminFailuresContext);
  if (!value) throw new Error('useAdminFailures must be used inside AdminFailuresProvider');
  return value;
}
