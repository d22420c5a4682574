import { landingContent as landingContentType } from '@consulting/model';
import { defineSingleton } from '../singletons/SingletonScreen';

export const landingContent = defineSingleton(landingContentType);
