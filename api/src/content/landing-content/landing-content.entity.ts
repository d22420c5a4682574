import { landingContent } from '@consulting/model';
import { contentEntity, type ContentRecord } from '../columns.js';

// Columns and GraphQL fields come from the content model's declaration (model/src/types).

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the class takes its fields' types from the declaration
export interface LandingContent extends ContentRecord<typeof landingContent> {}

/** The landing page texts (one record). */
@contentEntity(landingContent)
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class LandingContent {}
