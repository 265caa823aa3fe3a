// `npm run restore -- --from <backup>`: server/src/restore-main.ts from the build.
import { runBuiltEntry } from './built-entry.mjs';

runBuiltEntry('restore-main');
