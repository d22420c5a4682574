import { news } from '@consulting/model';
import { contentEntity, type ContentRecord } from '../columns.js';

// Columns and GraphQL fields come from the content model's declaration (model/src/types).

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the class takes its fields' types from the declaration
export interface News extends ContentRecord<typeof news> {}

/** A news article; the server stamps createdAt. */
@contentEntity(news)
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class News {}
