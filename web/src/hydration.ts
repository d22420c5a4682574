/**
 * Dispatched on window by entry-client.tsx once React has hydrated the page (its effects have
 * run); the boot script (entry-boot.ts) then hands over what the visitor did before.
 */
export const HYDRATED_EVENT = 'app:hydrated';
