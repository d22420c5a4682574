// Work is never lost: forms that hold unsaved changes register here. When the session ends
// (the server refused the caller) their values are written to sessionStorage, keyed by screen and
// record, and offered back when that form opens again after signing in.

export const DRAFT_PREFIX = 'admin-draft:';

export interface StoredDraft {
  /** Where the form lives (/admin/<screen>), to offer it back after signing in. */
  path: string;
  /** What the user sees in the offer (e.g. "Edit Brand: Acme"). */
  label: string;
  values: Record<string, unknown>;
  savedAt: number;
}

interface OpenForm {
  dirty: boolean;
  snapshot(): StoredDraft;
}

const openForms = new Map<string, OpenForm>();
let leavingForLogin = false;

export function registerForm(key: string, form: OpenForm): () => void {
  openForms.set(key, form);
  return () => {
    if (openForms.get(key) === form) openForms.delete(key);
  };
}

/** True while any open form has unsaved changes. */
export function anyDirtyForm(): boolean {
  return [...openForms.values()].some((form) => form.dirty);
}

/** The session ended: keep every dirty form's values in this tab's storage. */
export function keepDraftsOnSignOut(): void {
  leavingForLogin = true;
  for (const [key, form] of openForms) {
    if (!form.dirty) continue;
    try {
      sessionStorage.setItem(DRAFT_PREFIX + key, JSON.stringify(form.snapshot()));
    } catch {
      // Storage full or disabled: nothing more we can do here.
    }
  }
}

/** The page is about to go to the login screen on purpose: no "leave page?" prompt. */
export function isLeavingForLogin(): boolean {
  return leavingForLogin;
}

export function readDraft(key: string): StoredDraft | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_PREFIX + key);
    return raw ? (JSON.parse(raw) as StoredDraft) : null;
  } catch {
    return null;
  }
}

export function dropDraft(key: string): void {
  try {
    sessionStorage.removeItem(DRAFT_PREFIX + key);
  } catch {
    // ignore
  }
}

/** Every kept draft (for the "unsaved changes kept" banner after signing in). */
export function keptDrafts(): Array<StoredDraft & { key: string }> {
  const drafts: Array<StoredDraft & { key: string }> = [];
  try {
    for (let i = 0; i < sessionStorage.length; i++) {
      const name = sessionStorage.key(i);
      if (!name?.startsWith(DRAFT_PREFIX)) continue;
      const draft = readDraft(name.slice(DRAFT_PREFIX.length));
      if (draft) drafts.push({ ...draft, key: name.slice(DRAFT_PREFIX.length) });
    }
  } catch {
    // ignore
  }
  return drafts;
}
