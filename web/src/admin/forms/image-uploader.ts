import { createContext } from 'react';
import { uploadImage, type ImageUploader } from './upload-image';

/** The uploader the image fields and the rich-text editor's pictures use; tests provide their own. */
export const ImageUploaderContext = createContext<ImageUploader>(uploadImage);
