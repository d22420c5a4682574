import { statistics as statisticsType } from '@consulting/model';
import { defineSingleton } from '../singletons/SingletonScreen';

export const statistics = defineSingleton(statisticsType);
