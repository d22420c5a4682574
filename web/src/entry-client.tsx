import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { AppProviders } from './AppProviders';
import { fetchPublicQuery } from './public/page-data/fetch-query';
import { PublicDataStore } from './public/page-data/public-data';

/**
 * The data of the server-rendered page (api/src/site/mount.ts), as a JSON data block: not a script
 * that runs, so the Content-Security-Policy needs no hash or nonce for it.
 */
function serverState(): Record<string, unknown> | undefined {
  const text = document.getElementById('page-data')?.textContent;
  return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
}

const store = new PublicDataStore(fetchPublicQuery, serverState());
const app = (
  <StrictMode>
    <AppProviders store={store}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

const container = document.getElementById('root')!;
// Public pages arrive server-rendered and are hydrated; the admin panel arrives as an empty shell.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
