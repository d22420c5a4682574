import { AdminLandingContentDocument, AdminUpdateLandingContentDocument } from '../../graphql/generated/graphql';
import { landingContent as landingContentType } from '@consulting/model';
import { defineSingleton } from '../singletons/SingletonScreen';

export const landingContent = defineSingleton({
  type: landingContentType,
  operations: {
    get: AdminLandingContentDocument,
    record: (data) => data.landingContent,
    update: AdminUpdateLandingContentDocument,
  },
});
