import type { Config } from '../config.js';
import { S3Storage } from './s3-storage.js';
import { localStorageFor, type ImageStorage } from './storage.js';

/** The image storage the settings choose (STORAGE=disk|s3). */
export function storageFor(config: Pick<Config, 'dataDir' | 'storage'>): ImageStorage {
  return config.storage.kind === 's3' ? new S3Storage(config.storage) : localStorageFor(config.dataDir);
}
