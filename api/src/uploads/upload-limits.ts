import { UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from '@consulting/model';
import { PayloadTooLarge } from '../shared/errors.js';

// Upload limits shared by the readers (REST, GraphQL) and the image service. The size and the
// messages are the model's (the admin's upload field checks the same before sending).

/** Largest accepted file: the model's UPLOAD_MAX_BYTES. */
export { UPLOAD_MAX_BYTES as MAX_IMAGE_BYTES };
/** A file (or a body) over MAX_IMAGE_BYTES: REST 413, GraphQL PAYLOAD_TOO_LARGE, the model's message. */
export const fileTooLarge = () => new PayloadTooLarge(UPLOAD_TOO_LARGE_MESSAGE);
/** Largest decoded image, in pixels (all frames of an animation together). */
export const MAX_IMAGE_PIXELS = 40_000_000;
