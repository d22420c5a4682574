import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider, mergeConfigs, type SystemContext } from '@chakra-ui/react';
import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import AdminApp from './admin/AdminApp';
import { fetchFirstScreenData } from './admin/first-screen-data';
import { createApolloClient } from './graphql/apollo';
import { publicThemeConfig, system, themeConfig } from './theme';

// The admin panel with its Apollo Client and every Chakra component recipe on top of the public
// theme and the firm's look. Loaded lazily by App.tsx, so none of this is in what public pages
// download. (Not
// `defaultConfig`: that would pull Chakra's whole theme module into the public bundle.)

/**
 * The public system (theme.ts) with every component recipe: the recipes merged as createSystem
 * would (the public ones, Chakra's, then the firm's), everything else the public system's own.
 * Tokens, conditions and global styles do not depend on recipes, so they are not built a second
 * time, and the page's global styles stay the ones the public provider above the admin panel put
 * in (the admin provider adds none).
 */
function withAllRecipes(base: SystemContext): SystemContext {
  const only = (config: typeof themeConfig) => ({ theme: { recipes: config.theme?.recipes ?? {}, slotRecipes: config.theme?.slotRecipes ?? {} } });
  const theme = mergeConfigs(only(publicThemeConfig), { theme: { recipes, slotRecipes } }, only(themeConfig)).theme ?? {};
  const all = { recipes: theme.recipes ?? {}, slotRecipes: theme.slotRecipes ?? {} };
  const recipeFns = new Map<string, ReturnType<SystemContext['getRecipeFn']>>();
  const slotRecipeFns = new Map<string, ReturnType<SystemContext['getSlotRecipeFn']>>();
  const isRecipe = (key: string) => Object.hasOwn(all.recipes, key);
  const isSlotRecipe = (key: string) => Object.hasOwn(all.slotRecipes, key);
  const getRecipe: SystemContext['getRecipe'] = (key, fallback) => (all.recipes as Record<string, never>)[key] ?? fallback;
  const getSlotRecipe: SystemContext['getSlotRecipe'] = (key, fallback) => (all.slotRecipes as Record<string, never>)[key] ?? fallback;
  return {
    ...base,
    _global: [],
    getRecipe,
    getSlotRecipe,
    getRecipeFn: (key, fallback) => {
      let fn = recipeFns.get(key);
      if (!fn) recipeFns.set(key, (fn = base.cva(getRecipe(key, fallback ?? {}))));
      return fn;
    },
    getSlotRecipeFn: (key, fallback) => {
      let fn = slotRecipeFns.get(key);
      if (!fn) slotRecipeFns.set(key, (fn = base.sva(getSlotRecipe(key, fallback ?? {}))));
      return fn;
    },
    isRecipe,
    isSlotRecipe,
    hasRecipe: (key) => isRecipe(key) || isSlotRecipe(key),
  };
}

export const adminSystem = withAllRecipes(system);

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
