import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { NormalizedCacheObject } from '@apollo/client';
import { App } from './App';
import { AppProviders } from './AppProviders';
import { createApolloClient } from './graphql/apollo';

declare global {
  interface Window {
    /** Apollo cache state of the server-rendered page (see api/src/web/mount.ts). */
    __APOLLO_STATE__?: NormalizedCacheObject;
  }
}

const client = createApolloClient({ initialState: window.__APOLLO_STATE__ });
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
