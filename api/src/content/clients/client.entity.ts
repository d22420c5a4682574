import { clients } from '@consulting/model';
import { contentEntity, type ContentRecord } from '../columns.js';

// Columns and GraphQL fields come from the content model's declaration (model/src/types).

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the class takes its fields' types from the declaration
export interface Client extends ContentRecord<typeof clients> {}

/** A client project (shown publicly as "Projects"). */
@contentEntity(clients)
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Client {}
