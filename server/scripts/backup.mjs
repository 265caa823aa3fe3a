// `npm run backup -- --to <folder | s3://bucket/prefix>`: server/src/backup-main.ts from the build.
import { runBuiltEntry } from './built-entry.mjs';

runBuiltEntry('backup-main');
