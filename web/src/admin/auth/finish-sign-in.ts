import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../components/notifications';

/**
 * Where to go once signed in: `?next=` when it is a path of the admin panel or a staff preview on
 * this site (a preview sends a signed-out visitor here), else the dashboard. Anything else (another
 * host, `//host`, a scheme) is ignored.
 */
export function afterSignIn(next: string | null): { path: string; page: boolean } {
  if (next && /^\/(admin|preview)(\/[^\\]*)?(\?[^\\]*)?$/.test(next) && !next.startsWith('//')) {
    // A preview is a server-rendered page, not one of the admin's screens: a full page load.
    return { path: next, page: next.startsWith('/preview/') };
  }
  return { path: '/admin', page: false };
}

/**
 * The end of every sign-in (password, second step, passkey, enrolment): the spec's 'Success' /
 * 'Logged in successfully', then where `next` says. The account is in the `me` cache already.
 */
export function useFinishSignIn() {
  const navigate = useNavigate();
  return useCallback(
    (next: string | null) => {
      notify('success', 'Success', 'Logged in successfully');
      const target = afterSignIn(next);
      if (target.page) window.location.assign(target.path);
      else navigate(target.path, { replace: true });
    },
    [navigate],
  );
}
