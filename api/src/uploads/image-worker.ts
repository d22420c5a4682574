import { InvalidImage } from '../shared/errors.js';
import { prepareImage, prepareSocialImage, prepareVariants } from './image-processing.js';
import type { ImageJob, ImageJobReply } from './image-jobs.js';

// The child process that runs sharp for the server (forked by image-jobs.ts): libvips' memory,
// and any crash on a hostile file, stay here and go away with the process.

async function run(job: ImageJob): Promise<unknown> {
  if (job.op === 'prepare') return prepareImage(job.bytes, job.ext);
  if (job.op === 'social') return prepareSocialImage(job.bytes, job.ext);
  // Loaded only by a worker that draws them (satori and the fonts stay out of upload work).
  if (job.op === 'identity') return (await import('../site-identity/render.js')).runIdentityTask(job.task);
  return prepareVariants(job.bytes, job.ext);
}

process.on('message', (message: ImageJob & { id: number }) => {
  run(message).then(
    (result) => process.send!({ id: message.id, ok: true, result } satisfies ImageJobReply),
    (error: unknown) =>
      process.send!({
        id: message.id,
        ok: false,
        // Only the refusal's text crosses: the parent rebuilds the error.
        refusal: error instanceof InvalidImage ? error.message : null,
        detail: error instanceof Error ? error.message : String(error),
      } satisfies ImageJobReply),
  );
});

// The server went away (or let this worker go when idle).
process.on('disconnect', () => process.exit(0));
