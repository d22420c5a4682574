import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { JobState } from './scheduled-job.entity.js';
import type { ScheduledJobView } from './jobs.service.js';

@ObjectType('ScheduledJob', { description: 'A publication or unpublication scheduled for a time (times in UTC; the admin shows them in siteTimeZone).' })
export class ScheduledJobType implements ScheduledJobView {
  @Field(() => ID, { description: 'Stable identifier.' })
  id!: string;

  @Field(() => String, { description: "What it does: 'publish' or 'unpublish'." })
  kind!: string;

  @Field(() => String, { nullable: true, description: "The collection's REST path, e.g. 'news'." })
  collection!: string | null;

  @Field(() => Int, { nullable: true, description: 'The id of the record.' })
  recordId!: number | null;

  @Field(() => String, { nullable: true, description: "What the record is called (its draft's name, else its published one); null when it is gone." })
  label!: string | null;

  @Field(() => Date, { description: 'When it is due.' })
  runAt!: Date;

  @Field(() => String, { description: 'pending, done, failed (see error) or cancelled.' })
  state!: JobState;

  @Field(() => String, { nullable: true, description: 'Who scheduled it.' })
  createdBy!: string | null;

  @Field(() => Date, { nullable: true, description: 'When it ran (done or failed).' })
  ranAt!: Date | null;

  @Field(() => Int, { nullable: true, description: 'How late it ran, in milliseconds, when no instance was running at its time; else null.' })
  lateMs!: number | null;

  @Field(() => String, { nullable: true, description: "Why it failed (it is not retried)." })
  error!: string | null;
}
