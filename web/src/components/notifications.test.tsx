import { afterEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../theme';
import { Notifications, SWIPE_DISMISS_THRESHOLD, notify, toaster } from './notifications';

function renderRegion() {
  return render(
    <ChakraProvider value={system}>
      <Notifications />
    </ChakraProvider>,
  );
}

/** jsdom has no PointerEvent; a MouseEvent carries the clientX a swipe needs. */
function pointer(type: string, target: Element, clientX: number) {
  const event = new MouseEvent(type, { bubbles: true, clientX });
  Object.assign(event, { pointerId: 1 });
  fireEvent(target, event);
}

afterEach(() => toaster.remove());

describe('notifications', () => {
  it('shows at most one at a time, closing by itself after 5 s', async () => {
    renderRegion();
    act(() => {
      notify('success', 'Success', 'First');
      notify('error', 'Error', 'Second');
    });
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(toaster.getVisibleToasts()).toHaveLength(1);
    expect(toaster.getVisibleToasts()[0]?.duration).toBe(5000);
  });

  it('F8 moves focus to the notification region', async () => {
    renderRegion();
    act(() => void notify('info', 'Note'));
    const region = await screen.findByRole('region', { name: /Notifications/ });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    await waitFor(() => expect(region).toHaveFocus());
  });

  it(`is dismissed by a swipe to the right of at least ${SWIPE_DISMISS_THRESHOLD}px, not by a short one`, async () => {
    renderRegion();
    act(() => void notify('success', 'Success', 'Swipe me'));
    const toast = (await screen.findByText('Swipe me')).closest('[data-scope="toast"][data-part="root"]')!;
    pointer('pointerdown', toast, 100);
    pointer('pointermove', toast, 130);
    pointer('pointerup', toast, 130);
    expect(toaster.getVisibleToasts()).toHaveLength(1);

    pointer('pointerdown', toast, 100);
    pointer('pointermove', toast, 100 + SWIPE_DISMISS_THRESHOLD);
    pointer('pointerup', toast, 100 + SWIPE_DISMISS_THRESHOLD);
    await waitFor(() => expect(toaster.getVisibleToasts()).toHaveLength(0));
  });
});
