/**
 * How the shop's node process is started wherever it is started (npm start, e2e, the bench, the two-instance
 * tools; the Dockerfile sets the same two variables, and a test holds them equal). Decision 0059.
 *
 * - A V8 heap cap: without one V8 sizes the heap from the machine's memory (gigabytes) and lets garbage pile up
 *   under load; 256 MB of old space holds the shop's live data at 50,000 products many times over. The young
 *   generation is held at Node 20's 16 MB semi-spaces: Node 24 would take 64 MB ones, 150 MB more under load.
 * - MALLOC_ARENA_MAX=2: sharp (libvips) allocates from many threads, and glibc's per-thread arenas then keep the
 *   freed memory; two arenas keep a first start's image seeding from leaving the process 100 MB larger.
 * Both are defaults: an operator's own NODE_OPTIONS comes after ours (the later V8 flag wins), and their own
 * MALLOC_ARENA_MAX replaces ours.
 */
export const shopHeapLimitMb = 256;

export const shopRuntimeDefaults = {
  MALLOC_ARENA_MAX: '2',
  NODE_OPTIONS: `--max-old-space-size=${shopHeapLimitMb} --max-semi-space-size=16`,
};

/** The environment to start the shop's node process with: `env` plus the runtime defaults it does not override. */
export function withShopRuntime(env) {
  return {
    ...env,
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || shopRuntimeDefaults.MALLOC_ARENA_MAX,
    NODE_OPTIONS: [shopRuntimeDefaults.NODE_OPTIONS, env.NODE_OPTIONS].filter(Boolean).join(' '),
  };
}
