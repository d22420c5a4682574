import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider, createSystem } from '@chakra-ui/react';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import AdminApp from './admin/AdminApp';
import { fetchFirstScreenData } from './admin/first-screen-data';
import { createApolloClient } from './graphql/apollo';
import { publicThemeConfig, themeConfig } from './theme';

// The admin panel with its Apollo Client and every Chakra component recipe on top of the public
// theme and the firm's look. Loaded lazily by App.tsx, so none of this is in what public pages
// download. (Not
// `defaultConfig`: that would pull Chakra's whole theme module into the public bundle.)

export const adminSystem = createSystem(defaultBaseConfig, publicThemeConfig, { theme: { recipes, slotRecipes } }, themeConfig);

/** One client for the visit: what the admin panel loaded stays cached while moving between screens. */
const client = createApolloClient();
// The session check and the data of the screen the visit opens on are asked for now, together.
if (typeof window !== 'undefined') fetchFirstScreenData(client, window.location.pathname, window.location.search);

export default function AdminWithTheme() {
  return (
    <ApolloProvider client={client}>
      <ChakraProvider value={adminSystem}>
        <AdminApp />
      </ChakraProvider>
    </ApolloProvider>
  );
}
