import { AdminStatisticsDocument, AdminUpdateStatisticsDocument } from '../../graphql/generated/graphql';
import { statistics as statisticsType } from '@consulting/model';
import { defineSingleton } from '../singletons/SingletonScreen';

export const statistics = defineSingleton({
  type: statisticsType,
  operations: {
    get: AdminStatisticsDocument,
    record: (data) => data.statistics,
    update: AdminUpdateStatisticsDocument,
  },
});
