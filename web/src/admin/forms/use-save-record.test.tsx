import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { FormikHelpers } from 'formik';
import { parse } from 'graphql';
import type { TypedDocumentNode } from '@apollo/client';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { countries, editableFields } from '@consulting/model';
import { toaster } from '../../components/notifications';
import { AdminFailuresProvider } from '../auth/session-expiry';
import type { ContentInput, UpdateVariables } from '../content-operations';
import { fakeServer, gqlError, linkFor, type FakeServer } from '../test/render-admin';
import { formFieldsOf, type FormValues } from './field-spec';
import { useSaveRecord, type SaveRecordOptions } from './use-save-record';

// The save and conflict handling that the collection dialog and the singleton screens share.

afterEach(() => toaster.remove());

const fields = formFieldsOf(editableFields(countries));

const create = parse('mutation AdminCreateThing($input: ThingInput!) { createThing(input: $input) { id } }') as TypedDocumentNode<unknown, { input: ContentInput }>;
const update = parse(
  'mutation AdminUpdateThing($id: Int!, $input: ThingInput!, $expectedVersion: Int) { updateThing(id: $id, input: $input, expectedVersion: $expectedVersion) { id } }',
) as TypedDocumentNode<unknown, UpdateVariables>;

const values: FormValues = { name: '  Oman ', code: 'OM', flagImageUrl: '/uploads/om.png', displayOrder: 3 };
const input = { name: 'Oman', code: 'OM', flagImageUrl: '/uploads/om.png', displayOrder: 3 };
const thing = { id: 7, version: 4 };

function helpers() {
  return { setErrors: jest.fn(), setTouched: jest.fn() } as unknown as FormikHelpers<FormValues> & {
    setErrors: jest.Mock;
    setTouched: jest.Mock;
  };
}

const toasts = () => toaster.getVisibleToasts().map((t) => [t.title, t.description]);

function setUp(server: FakeServer, overrides: Partial<SaveRecordOptions> = {}) {
  const onSaved = jest.fn(async () => undefined);
  const load = jest.fn(async () => undefined);
  const client = new ApolloClient({ link: linkFor(server), cache: new InMemoryCache() });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApolloProvider client={client}>
      <AdminFailuresProvider redirect={() => undefined}>{children}</AdminFailuresProvider>
    </ApolloProvider>
  );
  const options: SaveRecordOptions = {
    fields,
    create,
    update,
    messages: {
      missingId: 'No thing ID',
      added: 'Thing added successfully',
      updated: 'Thing updated successfully',
      failed: (action) => `Failed to ${action} thing`,
      reloadFailed: 'Failed to load things',
    },
    onSaved,
    load,
    ...overrides,
  };
  const hook = renderHook(() => useSaveRecord<typeof thing>(options), { wrapper });
  return { hook, onSaved, load };
}

describe('useSaveRecord', () => {
  it('updates a record with the version the form loaded, says so, then hands over (close, refetch)', async () => {
    const server = fakeServer({ AdminUpdateThing: () => ({ data: { updateThing: { __typename: 'Thing', id: 7 } } }) });
    const { hook, onSaved } = setUp(server);
    await act(() => hook.result.current.save(thing, values, helpers()));
    expect(server.callsOf('AdminUpdateThing')).toEqual([{ id: 7, input, expectedVersion: 4 }]);
    expect(toasts()).toEqual([['Success', 'Thing updated successfully']]);
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(hook.result.current.conflict).toBeNull();
  });

  it('adds a record when the form has none, where the screen can add', async () => {
    const server = fakeServer({ AdminCreateThing: () => ({ data: { createThing: { __typename: 'Thing', id: 8 } } }) });
    const { hook, onSaved } = setUp(server);
    await act(() => hook.result.current.save(null, values, helpers()));
    expect(server.callsOf('AdminCreateThing')).toEqual([{ input }]);
    expect(toasts()).toEqual([['Success', 'Thing added successfully']]);
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('without a record where nothing can be added (a singleton), or without an id, sends nothing and says so', async () => {
    const server = fakeServer({});
    const { hook, onSaved } = setUp(server, { create: undefined });
    await act(() => hook.result.current.save(null, values, helpers()));
    expect(toasts()).toEqual([['Error', 'No thing ID']]);
    toaster.remove();
    await act(() => hook.result.current.save({ id: 0, version: 1 }, values, helpers()));
    expect(toasts()).toEqual([['Error', 'No thing ID']]);
    expect(server.calls).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('a stale save: shows who changed the record and when, with no error toast; the form stays', async () => {
    const server = fakeServer({
      AdminUpdateThing: () => gqlError('CONFLICT', 'Someone else changed this item', { currentVersion: 5, changedBy: 'maria', changedAt: '2026-11-23T09:15:00.000Z' }),
    });
    const { hook, onSaved } = setUp(server);
    await act(() => hook.result.current.save(thing, values, helpers()));
    expect(hook.result.current.conflict).toEqual({ change: { changedBy: 'maria', changedAt: '2026-11-23T09:15:00.000Z' }, reloading: false });
    expect(toasts()).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("puts the server's field errors on their fields and names the failed action", async () => {
    const server = fakeServer({
      AdminCreateThing: () => gqlError('BAD_USER_INPUT', 'Validation failed', { errors: [{ field: 'name', message: 'Name is already used' }] }),
    });
    const { hook } = setUp(server);
    const form = helpers();
    await act(() => hook.result.current.save(null, values, form));
    expect(form.setErrors).toHaveBeenCalledWith({ name: 'Name is already used' });
    expect(form.setTouched).toHaveBeenCalledWith({ name: true }, false);
    expect(toasts()).toEqual([['Error', 'Failed to add thing']]);
    expect(hook.result.current.conflict).toBeNull();
  });

  it('reload: the notice shows it reloading, and goes once the current record is in the form', async () => {
    const server = fakeServer({ AdminUpdateThing: () => gqlError('CONFLICT', 'stale', { currentVersion: 5 }) });
    let finish!: () => void;
    const { hook } = setUp(server, { load: () => new Promise<void>((resolve) => (finish = resolve)) });
    await act(() => hook.result.current.save(thing, values, helpers()));
    expect(hook.result.current.conflict).toEqual({ change: { changedBy: null, changedAt: null }, reloading: false });

    let reloaded!: Promise<void>;
    act(() => {
      reloaded = hook.result.current.reload();
    });
    await waitFor(() => expect(hook.result.current.conflict?.reloading).toBe(true));
    await act(async () => {
      finish();
      await reloaded;
    });
    expect(hook.result.current.conflict).toBeNull();
  });

  it('reload that fails: the notice stays (Reload can be pressed again) and the failure is reported', async () => {
    const server = fakeServer({ AdminUpdateThing: () => gqlError('CONFLICT', 'stale', { currentVersion: 5 }) });
    const { hook } = setUp(server, { load: () => Promise.reject(new Error('network down')) });
    await act(() => hook.result.current.save(thing, values, helpers()));
    await act(() => hook.result.current.reload());
    expect(hook.result.current.conflict).toEqual({ change: { changedBy: null, changedAt: null }, reloading: false });
    expect(toasts()).toEqual([['Error', 'Failed to load things']]);
  });

  it('clears the notice when the form starts over (another record, closed)', async () => {
    const server = fakeServer({ AdminUpdateThing: () => gqlError('CONFLICT', 'stale', { currentVersion: 5 }) });
    const { hook } = setUp(server);
    await act(() => hook.result.current.save(thing, values, helpers()));
    expect(hook.result.current.conflict).not.toBeNull();
    act(() => hook.result.current.clearConflict());
    expect(hook.result.current.conflict).toBeNull();
  });
});
