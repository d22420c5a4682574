import { useRef, type PointerEvent } from 'react';
import { Portal, Spinner, Stack, Toast, Toaster, createToaster, type ToastOptions } from '@chakra-ui/react';

/** How far (px) a notification must be dragged to the right before letting go dismisses it. */
export const SWIPE_DISMISS_THRESHOLD = 50;

/**
 * The one notification queue of the app: at most one visible at a time (the rest wait their turn),
 * each closing by itself after 5 s, F8 moves keyboard focus to the region.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: 5000,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});

export type NotificationType = 'success' | 'error' | 'info' | 'warning';

/**
 * Shows a notification; `error` is the destructive variant. The newest one replaces whatever is
 * showing (at most one visible), so a confirmation never waits behind an older message.
 */
export function notify(type: NotificationType, title: string, description?: string) {
  toaster.remove();
  return toaster.create({ type, title, description, closable: true });
}

/** Lets a notification be flicked away to the right (pointer: mouse, pen or touch). */
function useSwipeToDismiss(id: string) {
  const start = useRef<{ x: number; pointerId: number } | null>(null);
  const offset = (el: HTMLElement, dx: number) => {
    el.style.translate = dx > 0 ? `${dx}px 0` : '';
    el.style.opacity = dx > 0 ? String(Math.max(0.2, 1 - dx / 200)) : '';
  };
  return {
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      if ((event.target as HTMLElement).closest('button')) return;
      start.current = { x: event.clientX, pointerId: event.pointerId };
      event.currentTarget.setPointerCapture?.(event.pointerId);
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      if (!start.current || start.current.pointerId !== event.pointerId) return;
      offset(event.currentTarget, event.clientX - start.current.x);
    },
    onPointerUp(event: PointerEvent<HTMLDivElement>) {
      if (!start.current) return;
      const dx = event.clientX - start.current.x;
      start.current = null;
      if (dx >= SWIPE_DISMISS_THRESHOLD) toaster.dismiss(id);
      else offset(event.currentTarget, 0);
    },
    onPointerCancel(event: PointerEvent<HTMLDivElement>) {
      start.current = null;
      offset(event.currentTarget, 0);
    },
  };
}

function Notification({ toast }: { toast: ToastOptions }) {
  const swipe = useSwipeToDismiss(toast.id ?? '');
  return (
    <Toast.Root width={{ md: 'sm' }} touchAction="pan-y" cursor="grab" css={PHONE_TOAST} {...swipe}>
      {toast.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
      <Stack gap="1" flex="1" maxWidth="100%">
        {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
        {toast.description && <Toast.Description opacity={1}>{toast.description}</Toast.Description>}
      </Stack>
      {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
      {toast.closable && <Toast.CloseTrigger />}
    </Toast.Root>
  );
}

const PHONE_TOP = {
  // The group's position is an inline style from the toaster, hence !important.
  '@media (max-width: 47.99em)': { top: 'calc(env(safe-area-inset-top, 0px) + 1rem) !important', bottom: 'auto !important' },
};

// The group has no height (its toasts are positioned inside it) and the toaster pins each toast's
// bottom to the group's: moved to the top, a toast would hang above the screen. It hangs from the
// group's top instead (one shows at a time, so no stacking offsets are needed).
const PHONE_TOAST = {
  '@media (max-width: 47.99em)': { top: '0 !important', bottom: 'auto !important' },
};

/** Renders the notification region; mount once near the root of a screen tree. */
export function Notifications() {
  return (
    <Portal>
      {/* On phones the notification shows at the top, never over a dialog's Save/Cancel at the bottom. */}
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }} css={PHONE_TOP}>
        {(toast) => <Notification toast={toast} />}
      </Toaster>
    </Portal>
  );
}
