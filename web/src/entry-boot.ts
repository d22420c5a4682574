// The one script a page loads at first: a few hundred bytes that decide when the app's code runs.
//
// Public pages arrive server-rendered and complete: text, images, links and the forms all work
// with no script (the site is tested that way). What the app adds is behaviour: client-side
// navigation with its loading states, the phone menu, smooth scrolling to a section, the hero
// video and its control, the enquiry form's inline checks. So a public page starts the app
// (entry-client.tsx: React hydrating the page) only when it is about to be needed:
//
// - on the visitor's first sign of interaction (a touch, a pointer press or hover, a key, focus),
//   and a click that arrives before the app is ready is held and given to the same element once it
//   is (a menu opens, a link navigates client-side as it always did);
// - when a form comes near the screen, so it checks input inline by the time anyone types, and
//   what was typed before is handed over;
// - at once on wide screens (those that get the hero video, which the app adds): desktop visitors
//   get the app as they always did.
//
// A phone reading a page thus runs almost no script while it loads (the targets are a phone's:
// Lighthouse's mobile profile). The admin panel (an empty shell) starts at once. The phone menu
// needs no script (an HTML popover, SiteHeader.tsx): a click on a popover's button stays the browser's.
// The site's style sheet (the fonts here; the shared rules are added by the build) is the entry's:
// the admin shell links it, a public page inlines what it uses of it (entry-server.tsx).
import './components/fonts.css';
import { HYDRATED_EVENT } from './hydration';
import { HERO_VIDEO_MEDIA } from './public/landing/hero-video-media';

const root = document.getElementById('root');
let started = false;
let hydrated = false;
/** Clicks that came before the app was ready: replayed on the same elements, in order. */
const held: HTMLElement[] = [];
/** Fields edited before the app was ready: handed to it (React reads them through its events). */
const edited = new Set<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>();

const WARM_UP = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'mouseover'] as const;

function start(): void {
  if (started) return;
  started = true;
  for (const type of WARM_UP) document.removeEventListener(type, start, true);
  import('./entry-client').catch(() => {
    // The app's code did not arrive (offline, a new deployment): the page keeps working without
    // it; a held link still goes where it points.
    detach();
    for (const element of held.splice(0)) if (element instanceof HTMLAnchorElement) window.location.assign(element.href);
  });
}

/** The element a click acts on, when the app (not the browser) gives the click its meaning. */
function handledByApp(event: MouseEvent): HTMLElement | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.defaultPrevented) return null;
  const element = (event.target as Element | null)?.closest?.<HTMLElement>('a[href], button, [role="button"]');
  if (!element || !root?.contains(element)) return null;
  if (element instanceof HTMLAnchorElement) {
    if ((element.target && element.target !== '_self') || element.hasAttribute('download')) return null;
    if (new URL(element.href, window.location.href).origin !== window.location.origin) return null;
  }
  // A button that opens a popover (the phone menu) does so itself; a form's submit button posts
  // the form to the server, which answers it with or without script.
  if (element.hasAttribute('popovertarget')) return null;
  if (element instanceof HTMLButtonElement && element.type === 'submit' && element.form) return null;
  return element;
}

function onClick(event: MouseEvent): void {
  const element = handledByApp(event);
  if (!element) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held.push(element);
  start();
}

function onEdit(event: Event): void {
  const field = event.target;
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) edited.add(field);
}

function detach(): void {
  started = true;
  for (const type of WARM_UP) document.removeEventListener(type, start, true);
  document.removeEventListener('click', onClick, true);
  document.removeEventListener('input', onEdit, true);
  document.removeEventListener('change', onEdit, true);
}

/**
 * Hands a field's value to React: set through the prototype's setter (React's value tracker keeps
 * the value it last saw, so it notices the difference) and announced with the event React listens to.
 */
function handOver(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    const wanted = field.checked;
    field.checked = !wanted;
    field.click();
    if (field.checked !== wanted) field.checked = wanted;
    return;
  }
  const value = field.value;
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  field.value = '';
  setter?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

window.addEventListener(
  HYDRATED_EVENT,
  () => {
    hydrated = true;
    detach();
    for (const field of edited) if (field.isConnected) handOver(field);
    edited.clear();
    for (const element of held.splice(0)) if (element.isConnected) element.click();
  },
  { once: true },
);

if (!root?.firstElementChild) {
  // The admin panel's shell (or a page without server rendering): nothing to wait for.
  start();
} else if (!hydrated) {
  document.addEventListener('click', onClick, true);
  document.addEventListener('input', onEdit, true);
  document.addEventListener('change', onEdit, true);
  for (const type of WARM_UP) document.addEventListener(type, start, { capture: true, passive: true });
  const forms = root.querySelectorAll('form');
  if (forms.length > 0 && 'IntersectionObserver' in window) {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        start();
      },
      { rootMargin: '50% 0px' },
    );
    forms.forEach((form) => observer.observe(form));
  }
  if (window.matchMedia?.(HERO_VIDEO_MEDIA).matches) start();
}
