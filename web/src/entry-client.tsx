import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { HYDRATED_EVENT } from './hydration';
import { AppProviders } from './AppProviders';
import { fetchPublicQuery } from './public/page-data/fetch-query';
import { PublicDataStore } from './public/page-data/public-data';
import { NOT_FOUND_STATE_KEY, ServerNotFoundContext } from './public/not-found/server-not-found';

/**
 * The data of the server-rendered page (api/src/site/mount.ts), as a JSON data block: not a script
 * that runs, so the Content-Security-Policy needs no hash or nonce for it.
 */
function serverState(): Record<string, unknown> | undefined {
  const text = document.getElementById('page-data')?.textContent;
  return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
}

/** Tells the boot script (entry-boot.ts) the page is the app's now: its effects run after every other's. */
function Hydrated() {
  useEffect(() => void window.dispatchEvent(new Event(HYDRATED_EVENT)), []);
  return null;
}

const { [NOT_FOUND_STATE_KEY]: notFound, ...answered } = serverState() ?? {};
const store = new PublicDataStore(fetchPublicQuery, answered);
const app = (
  <StrictMode>
    <AppProviders store={store}>
      <ServerNotFoundContext.Provider value={notFound === true ? window.location.pathname : null}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
        <Hydrated />
      </ServerNotFoundContext.Provider>
    </AppProviders>
  </StrictMode>
);

const container = document.getElementById('root')!;
// Loaded by the boot script (entry-boot.ts) when the page needs it. Public pages arrive
// server-rendered and are hydrated; the admin panel arrives as an empty shell.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
