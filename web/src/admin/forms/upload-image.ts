import { print, type GraphQLFormattedError } from 'graphql';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { UPLOAD_MAX_BYTES, UPLOAD_NOT_AN_IMAGE_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE } from '@consulting/model';
import { AdminUploadImageDocument } from '../../graphql/generated/graphql';

export interface UploadRefusal {
  title: string;
  description: string;
}

/** What the browser refuses before sending anything, or null when the file may go. */
export function refuseUpload(file: File): UploadRefusal | null {
  // At most 10 MB, image types only (the server refuses the same).
  if (!file.type.startsWith('image/')) return { title: 'Invalid file type', description: UPLOAD_NOT_AN_IMAGE_MESSAGE };
  if (file.size > UPLOAD_MAX_BYTES) return { title: 'File too large', description: UPLOAD_TOO_LARGE_MESSAGE };
  return null;
}

/** Sends an image; resolves to its public URL. `onProgress` receives 0..1 while bytes go out. */
export type ImageUploader = (file: File, onProgress?: (fraction: number) => void) => Promise<string>;

/**
 * The `uploadImage` mutation as a GraphQL multipart request (fields operations, map, 0), through
 * XMLHttpRequest because fetch reports no upload progress. GraphQL errors reject as
 * CombinedGraphQLErrors, so they read like any other Apollo failure (see ../errors.ts).
 */
export const uploadImage: ImageUploader = (file, onProgress) =>
  new Promise((resolve, reject) => {
    const body = new FormData();
    body.append(
      'operations',
      JSON.stringify({ operationName: 'AdminUploadImage', query: print(AdminUploadImageDocument), variables: { file: null } }),
    );
    body.append('map', JSON.stringify({ 0: ['variables.file'] }));
    body.append('0', file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/graphql');
    xhr.withCredentials = true;
    // Apollo Server's CSRF prevention accepts multipart requests only with this header.
    xhr.setRequestHeader('apollo-require-preflight', 'true');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onload = () => {
      let result: { data?: { uploadImage?: { url?: string } } | null; errors?: GraphQLFormattedError[] };
      try {
        result = JSON.parse(xhr.responseText);
      } catch {
        reject(new Error(`${xhr.status}: ${xhr.statusText || 'Upload failed'}`));
        return;
      }
      if (result.errors?.length) {
        reject(new CombinedGraphQLErrors({ data: null, errors: result.errors }));
        return;
      }
      const url = result.data?.uploadImage?.url;
      if (url) resolve(url);
      else reject(new Error('Upload failed'));
    };
    xhr.send(body);
  });
