import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repositoryRoot } from '../config/config';

/**
 * The runtime defaults every start of the shop gets (tools/shop-runtime.mjs, decision 0059), checked on real node
 * processes started the way the shop's starters start it, and against the Dockerfile, which cannot import them.
 */
const runtimeModule = path.join(repositoryRoot, 'tools', 'shop-runtime.mjs');

/** What a node started with `withShopRuntime(env)` sees: its V8 heap limit and its MALLOC_ARENA_MAX. */
function startedWith(env: Record<string, string>): { heapLimitMb: number; arenas: string | undefined } {
  const script = `
    import { withShopRuntime } from ${JSON.stringify(runtimeModule)};
    import { execFileSync } from 'node:child_process';
    const probe = 'console.log(JSON.stringify({ heapLimitMb: require("v8").getHeapStatistics().heap_size_limit / 1048576, arenas: process.env.MALLOC_ARENA_MAX }))';
    process.stdout.write(execFileSync(process.execPath, ['-e', probe], { env: withShopRuntime(${JSON.stringify(env)}) }));`;
  const clean = { PATH: process.env.PATH ?? '' };
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: clean, encoding: 'utf8' }),
  );
}

describe('the shop process runtime defaults', () => {
  it('caps the V8 heap near 256 MB and asks glibc for two arenas', () => {
    const { heapLimitMb, arenas } = startedWith({});
    // The limit V8 reports is the old space plus the young generation's share (larger on Node 24 than on 20).
    expect(heapLimitMb).toBeGreaterThanOrEqual(256);
    expect(heapLimitMb).toBeLessThan(512);
    expect(arenas).toBe('2');
    // Without the defaults V8 sizes the heap from the machine's memory: far more.
    const uncapped = execFileSync(
      process.execPath,
      ['-e', 'console.log(require("v8").getHeapStatistics().heap_size_limit / 1048576)'],
      { env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' },
    );
    expect(Number(uncapped)).toBeGreaterThan(heapLimitMb);
  });

  it("lets an operator's own NODE_OPTIONS and MALLOC_ARENA_MAX win", () => {
    const { heapLimitMb, arenas } = startedWith({ NODE_OPTIONS: '--max-old-space-size=1024', MALLOC_ARENA_MAX: '4' });
    expect(heapLimitMb).toBeGreaterThanOrEqual(1024);
    expect(arenas).toBe('4');
  });

  it('is what the Dockerfile sets for the image', () => {
    const dockerfile = readFileSync(path.join(repositoryRoot, 'Dockerfile'), 'utf8');
    const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    const env = /^ENV (.+)$/m.exec(finalStage)?.[1] ?? '';
    // ENV KEY=value KEY="a value with spaces" …
    const settings = Object.fromEntries(
      [...env.matchAll(/(\w+)=("([^"]*)"|\S+)/g)].map((match) => [match[1], match[3] ?? match[2]]),
    );
    const script = `import { shopRuntimeDefaults } from ${JSON.stringify(runtimeModule)}; console.log(JSON.stringify(shopRuntimeDefaults));`;
    const defaults = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
    );
    expect(defaults).toEqual({ MALLOC_ARENA_MAX: expect.any(String), NODE_OPTIONS: expect.any(String) });
    expect({ MALLOC_ARENA_MAX: settings.MALLOC_ARENA_MAX, NODE_OPTIONS: settings.NODE_OPTIONS }).toEqual(defaults);
  });
});
