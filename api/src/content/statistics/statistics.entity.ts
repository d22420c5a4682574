import { statistics } from '@consulting/model';
import { contentEntity, type ContentRecord } from '../columns.js';

// Columns and GraphQL fields come from the content model's declaration (model/src/types).

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the class takes its fields' types from the declaration
export interface Statistics extends ContentRecord<typeof statistics> {}

/** The landing page figures (one record). */
@contentEntity(statistics)
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Statistics {}
