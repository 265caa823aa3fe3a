// `npm run seed:orders -- --orders 1000000`: the generator from the build (server/src/seed-orders-main.ts).
import { runBuiltEntry } from './built-entry.mjs';

runBuiltEntry('seed-orders-main');
