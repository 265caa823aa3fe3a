import type { AppConfig } from '../config/config';
import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { S3FileStorage } from './s3-file-storage';

/** Object storage when S3_BUCKET is set, else the uploads directory. */
export function createFileStorage(config: AppConfig): FileStorage {
  return config.s3 ? new S3FileStorage(config.s3) : new LocalFileStorage(config.uploadsDir);
}
