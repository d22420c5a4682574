import type { Config } from '../config.js';
import { localStorageFor, type ImageStorage } from './storage.js';

/**
 * The image storage the settings choose (STORAGE=disk|s3). The AWS SDK is loaded only for S3
 * (it costs ~20 MB of memory).
 */
export async function storageFor(config: Pick<Config, 'dataDir' | 'storage'>): Promise<ImageStorage> {
  if (config.storage.kind === 'disk') return localStorageFor(config.dataDir);
  const { S3Storage } = await import('./s3-storage.js');
  return new S3Storage(config.storage);
}
