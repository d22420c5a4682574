// Upload limits shared by the readers (REST, GraphQL) and the image service.

/** Largest accepted file (10 MB). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const TOO_LARGE_MESSAGE = 'Maximum file size is 10MB';
/** Largest decoded image, in pixels (all frames of an animation together). */
export const MAX_IMAGE_PIXELS = 40_000_000;
