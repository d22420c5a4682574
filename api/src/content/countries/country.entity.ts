import { countries } from '@consulting/model';
import { contentEntity, type ContentRecord } from '../columns.js';

// Columns and GraphQL fields come from the content model's declaration (model/src/types).

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the class takes its fields' types from the declaration
export interface Country extends ContentRecord<typeof countries> {}

/** A country where the firm has a branch. */
@contentEntity(countries)
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Country {}
