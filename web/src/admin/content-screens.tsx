import type { ReactElement } from 'react';
import { FileText, Webhook, type LucideIcon } from 'lucide-react';
import { CollectionScreen } from './collections/CollectionScreen';
import { ADMIN_CONTENT_TYPES, COLLECTION_SCREENS } from './content-definitions';
import { SCREEN_OVERRIDES } from './screen-overrides';
import { SingletonScreen, defineSingleton } from './singletons/SingletonScreen';
import { WebhooksPage } from './webhooks/WebhooksPage';

// The content screens, once, in the sidebar's order (the content model's): routes and sidebar
// items both come from this list. A screen per content type of the model (its table from
// screen-overrides.ts or the default one), then the webhooks.

export interface ContentScreen {
  /** Route under /admin. */
  path: string;
  /** Sidebar label. */
  label: string;
  icon: LucideIcon;
  element: ReactElement;
  /** The permission the screen needs (auth/use-permissions.ts): hidden from the sidebar and a no-access page without it. */
  permission?: string;
}

/** A content type's sidebar icon unless screen-overrides.ts gives one. */
const DEFAULT_ICON = FileText;

const typeScreens = ADMIN_CONTENT_TYPES.map((type): ContentScreen => {
  const icon = SCREEN_OVERRIDES[type.typeName]?.icon ?? DEFAULT_ICON;
  if (type.kind === 'singleton') {
    const definition = defineSingleton(type, SCREEN_OVERRIDES[type.typeName]?.form);
    return { path: definition.path, label: definition.navLabel, icon, element: <SingletonScreen definition={definition} /> };
  }
  const { definition } = COLLECTION_SCREENS.find((screen) => screen.type === type)!;
  return { path: definition.path, label: definition.navLabel, icon, element: <CollectionScreen definition={definition} /> };
});

export const CONTENT_SCREENS: ContentScreen[] = [...typeScreens, { path: 'webhooks', label: 'Webhooks', icon: Webhook, element: <WebhooksPage />, permission: 'webhooks' }];
