import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { NormalizedCacheObject } from '@apollo/client';
import { App } from './App';
import { AppProviders } from './AppProviders';
import { createApolloClient } from './graphql/apollo';

/** Apollo cache state of the server-rendered page: a JSON script element (see api/src/web/mount.ts). */
function serverState(): NormalizedCacheObject | undefined {
  const json = document.getElementById('apollo-state')?.textContent;
  return json ? (JSON.parse(json) as NormalizedCacheObject) : undefined;
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
