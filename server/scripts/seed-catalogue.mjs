// `npm run seed:catalogue -- --products 50000`: the generator from the build (server/src/seed-catalogue-main.ts).
import { runBuiltEntry } from './built-entry.mjs';

runBuiltEntry('seed-catalogue-main');
