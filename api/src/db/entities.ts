import { LoginThrottle } from '../auth/login-throttle.entity.js';
import { SessionRow } from '../auth/session.entity.js';
import { User } from '../auth/user.entity.js';
import { collections, singletons } from '../content/registry.js';

/** Every table the app owns; migrations are generated from these. */
export const entities = [
  User,
  SessionRow,
  LoginThrottle,
  ...collections.map((c) => c.entity),
  ...singletons.map((s) => s.entity),
];
