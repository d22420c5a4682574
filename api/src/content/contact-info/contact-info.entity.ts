import { contactInfo } from '@consulting/model';
import { contentEntity, type ContentRecord } from '../columns.js';

// Columns and GraphQL fields come from the content model's declaration (model/src/types).

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the class takes its fields' types from the declaration
export interface ContactInfo extends ContentRecord<typeof contactInfo> {}

/** A way to reach the firm. */
@contentEntity(contactInfo)
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class ContactInfo {}
