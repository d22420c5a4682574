import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { notify } from '../../components/notifications';
import {
  AdminAccountsDocument,
  AdminCreateAccountDocument,
  AdminDeleteAccountDocument,
  AdminResetAccountPasswordDocument,
  AdminSetAccountRoleDocument,
} from '../../graphql/generated/graphql';
import { useAdminFailures } from '../auth/session-expiry';
import { fieldErrors, hasErrorCode, serverMessage } from '../errors';

/** The roles, as the server names them (auth/permissions.ts), with what each may do. */
export const ROLES = [
  { value: 'admin', label: 'Admin', description: 'Everything: content, accounts and roles, webhooks, the activity log.' },
  { value: 'editor', label: 'Editor', description: 'All content: create, edit, publish, schedule, delete, restore.' },
  { value: 'contributor', label: 'Contributor', description: 'Drafts: create and edit them, submit them for review; no publishing.' },
] as const;

export const roleLabel = (role: string) => ROLES.find((r) => r.value === role)?.label ?? role;

/** Why the last Admin's role cannot change (the server refuses it too). */
export const LAST_ADMIN_NOTE = 'The last Admin keeps the Admin role: make another account an Admin first.';

/** Where the Admins dialog is: adding, confirming a reset or a removal, or showing a generated password once. */
export type Step =
  | { kind: 'add' }
  | { kind: 'reset'; username: string }
  | { kind: 'remove'; username: string }
  | { kind: 'role'; id: string; username: string; role: string }
  | { kind: 'password'; username: string; password: string; created: boolean };

/** The admin accounts and what can be done to them: add (a password is generated), reset a password, remove. */
export function useAdminAccounts() {
  const failures = useAdminFailures();
  const list = useQuery(AdminAccountsDocument);
  const [create, creating] = useMutation(AdminCreateAccountDocument);
  const [reset, resetting] = useMutation(AdminResetAccountPasswordDocument);
  const [remove, removing] = useMutation(AdminDeleteAccountDocument);
  const [changeRole, changingRole] = useMutation(AdminSetAccountRoleDocument);
  const [step, setStep] = useState<Step | null>(null);
  const [username, setUsername] = useState('');
  const [usernameError, setUsernameError] = useState<string | null>(null);
  /** The add form's role (Editor unless chosen), and the role dialog's choice and refusal. */
  const [newRole, setNewRole] = useState<string>('editor');
  const [chosenRole, setChosenRole] = useState<string>('editor');
  const [roleError, setRoleError] = useState<string | null>(null);
  useEffect(() => {
    if (list.error) failures.report(list.error, 'Failed to load the admins');
  }, [list.error, failures]);

  const close = () => setStep(null);

  function startAdding() {
    setUsername('');
    setUsernameError(null);
    setNewRole('editor');
    setStep({ kind: 'add' });
  }

  function startChangingRole(account: { id: string; username: string; role: string }) {
    setChosenRole(account.role);
    setRoleError(null);
    setStep({ kind: 'role', ...account });
  }

  async function saveRole(event: FormEvent<HTMLFormElement>, account: { id: string; username: string; role: string }) {
    event.preventDefault();
    if (chosenRole === account.role) {
      close();
      return;
    }
    try {
      // Your own role changes what the admin shows you: the `me` query is asked again.
      await changeRole({ variables: { id: account.id, role: chosenRole }, refetchQueries: ['AdminMe'] });
      close();
      notify('success', 'Success', `${account.username} is now ${chosenRole === 'admin' ? 'an' : 'a'} ${roleLabel(chosenRole)}`);
      await list.refetch();
    } catch (error) {
      // The server's refusal (the last Admin, a role it does not know) is said in the dialog.
      if (hasErrorCode(error, 'FORBIDDEN') || hasErrorCode(error, 'BAD_USER_INPUT')) setRoleError(fieldErrors(error).role ?? serverMessage(error) ?? 'The role could not be changed');
      else {
        close();
        failures.report(error, serverMessage(error) ?? 'Failed to change the role');
      }
    }
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim()) {
      setUsernameError('Username is required');
      return;
    }
    try {
      const { data } = await create({ variables: { username: username.trim(), role: newRole } });
      const created = data!.createAdmin;
      setStep({ kind: 'password', username: created.user.username, password: created.password, created: true });
      setUsername('');
      await list.refetch();
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields.username || fields.password || fields.role) setUsernameError(fields.username ?? fields.password ?? fields.role);
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
    newRole,
    setNewRole,
    startChangingRole,
    chosenRole,
    setChosenRole,
    roleError,
    saveRole,
    confirmReset,
    confirmRemove,
    busy: { creating: creating.loading, resetting: resetting.loading, removing: removing.loading, changingRole: changingRole.loading },
  };
}

export type AdminAccounts = ReturnType<typeof useAdminAccounts>;
