import { setFlagsFromString } from 'node:v8';

/**
 * No allocation-site pretenuring (decision 0113). V8 marks an allocation site "tenured" when most of what it made
 * once outlived a young collection, as a start-up's work does, and from then on allocates there straight into the old
 * generation. For a server that means a request's own objects, dead a millisecond later, went to the old generation
 * (about 6 KB a request on a category page) and brought a mark-compact every second or two under load. Node takes
 * this flag only on its command line, not in NODE_OPTIONS, so the shop sets it itself before it allocates much.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
