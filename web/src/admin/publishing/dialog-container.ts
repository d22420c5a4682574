import { createContext, useContext, type RefObject } from 'react';

// A dialog opened from inside another dialog (Share preview, Schedule…, Discard draft from the
// record dialog) is put inside the outer dialog's content rather than at the end of the page:
// the outer dialog hides everything outside itself from assistive technology, and a dialog
// added beside it could be hidden with the rest.

export const DialogContainerContext = createContext<RefObject<HTMLElement | null> | undefined>(undefined);

/** Where a dialog opened here goes: inside the enclosing dialog, if any (undefined: the page). */
export function useDialogContainer(): RefObject<HTMLElement | null> | undefined {
  return useContext(DialogContainerContext);
}
