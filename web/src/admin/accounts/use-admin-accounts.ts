import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { notify } from '../../components/notifications';
import {
  AdminAccountsDocument,
  AdminCreateAccountDocument,
  AdminDeleteAccountDocument,
  AdminResetAccountPasswordDocument,
} from '../../graphql/generated/graphql';
import { useAdminFailures } from '../auth/session-expiry';
import { fieldErrors, serverMessage } from '../errors';

/** Where the Admins dialog is: adding, confirming a reset or a removal, or showing a generated password once. */
export type Step =
  | { kind: 'add' }
  | { kind: 'reset'; username: string }
  | { kind: 'remove'; username: string }
  | { kind: 'password'; username: string; password: string; created: boolean };

/** The admin accounts and what can be done to them: add (a password is generated), reset a password, remove. */
export function useAdminAccounts() {
  const failures = useAdminFailures();
  const list = useQuery(AdminAccountsDocument);
  const [create, creating] = useMutation(AdminCreateAccountDocument);
  const [reset, resetting] = useMutation(AdminResetAccountPasswordDocument);
  const [remove, removing] = useMutation(AdminDeleteAccountDocument);
  const [step, setStep] = useState<Step | null>(null);
  const [username, setUsername] = useState('');
  const [usernameError, setUsernameError] = useState<string | null>(null);
  useEffect(() => {
    if (list.error) failures.report(list.error, 'Failed to load the admins');
  }, [list.error, failures]);

  const close = () => setStep(null);

  function startAdding() {
    setUsername('');
    setUsernameError(null);
    setStep({ kind: 'add' });
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim()) {
      setUsernameError('Username is required');
      return;
    }
    try {
      const { data } = await create({ variables: { username: username.trim() } });
      const created = data!.createAdmin;
      setStep({ kind: 'password', username: created.user.username, password: created.password, created: true });
      setUsername('');
      await list.refetch();
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields.username || fields.password) setUsernameError(fields.username ?? fields.password);
      else failures.report(error, serverMessage(error) ?? 'Failed to add the admin');
    }
  }

  async function confirmReset(name: string) {
    try {
      const { data } = await reset({ variables: { username: name } });
      setStep({ kind: 'password', username: name, password: data!.resetAdminPassword.password, created: false });
    } catch (error) {
      close();
      failures.report(error, serverMessage(error) ?? 'Failed to reset the password');
    }
  }

  async function confirmRemove(name: string) {
    try {
      await remove({ variables: { username: name } });
      close();
      notify('success', 'Success', `${name} was removed and signed out`);
      await list.refetch();
    } catch (error) {
      close();
      failures.report(error, serverMessage(error) ?? 'Failed to remove the admin');
    }
  }

  return {
    loading: list.loading && !list.data,
    failed: !!list.error && !list.data,
    admins: list.data?.admins ?? [],
    myName: list.data?.me?.username,
    step,
    setStep,
    close,
    startAdding,
    /** The add form's field. */
    username,
    setUsername,
    usernameError,
    add,
    confirmReset,
    confirmRemove,
    busy: { creating: creating.loading, resetting: resetting.loading, removing: removing.loading },
  };
}

export type AdminAccounts = ReturnType<typeof useAdminAccounts>;
