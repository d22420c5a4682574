import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { NormalizedCacheObject } from '@apollo/client';
import { App } from './App';
import { AppProviders } from './AppProviders';
import { createApolloClient } from './graphql/apollo';

/**
 * Apollo cache state of the server-rendered page (api/src/site/mount.ts), as a JSON data block:
 * not a script that runs, so the Content-Security-Policy needs no hash or nonce for it.
 */
function serverState(): NormalizedCacheObject | undefined {
  const text = document.getElementById('apollo-state')?.textContent;
  return text ? (JSON.parse(text) as NormalizedCacheObject) : undefined;
}

const client = createApolloClient({ initialState: serverState() });
const app = (
  <StrictMode>
    <AppProviders client={client}>
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
