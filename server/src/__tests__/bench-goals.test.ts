import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { repositoryRoot } from '../config/config';

/**
 * The scale run's goal rows (bench/scale.mjs), computed in a real node process from a run's figures. Beside each
 * half-peak figure stands the bare handler's own at the same even rate (decision 0115): printed, never judged.
 */
const scaleModule = path.join(repositoryRoot, 'bench', 'scale.mjs');

type Row = [string, string, string, boolean | undefined];

function goalRows(phases: { small: object; large: object }): Row[] {
  const script = `
    import { scaleGoals } from ${JSON.stringify(scaleModule)};
    const phases = ${JSON.stringify(phases)};
    process.stdout.write(JSON.stringify(scaleGoals({ ...phases, products: 50019 })));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 }),
  ) as Row[];
}

/** One phase's figures: a shop that keeps its shares but misses the half-peak goals by a little. */
function phase(floor: { p99Ms: number; skipped: number; scheduled: number } | undefined) {
  const halfPeak = (p99Ms: number, skipped: number) => ({ p99Ms, targetRate: 1000, rounds: [{ skipped }], floor });
  return {
    bare: { requestsPerSecond: 10_000 },
    anonymous: { requestsPerSecond: 2_000, p99Ms: 3, halfPeak: halfPeak(25, 0) },
    signedIn: { requestsPerSecond: 1_900, p99Ms: 3 },
    cached: { requestsPerSecond: 9_500, p99Ms: 1, halfPeak: halfPeak(4, 3) },
    cachedWithOrders: { requestsPerSecond: 9_000, p99Ms: 1 },
    backgroundOrders: { ordersPerSecond: 5 },
    pages: [{ name: 'category page', requestsPerSecond: 1_500, halfPeak: halfPeak(22, 0) }],
    rssMb: 200,
  };
}

const row = (rows: Row[], start: string): Row => {
  const found = rows.find(([what]) => what.startsWith(start));
  if (!found) throw new Error(`no row starting "${start}" in ${JSON.stringify(rows.map(([what]) => what))}`);
  return found;
};

it("prints the bare handler's p99 and skipped starts at the same rate beside each half-peak figure, and judges by the shop's alone", () => {
  const floor = { p99Ms: 24.5, skipped: 7, scheduled: 15_000 };
  const rows = goalRows({ small: phase(floor), large: phase(floor) });
  const cached = row(rows, 'cached GraphQL GET at 19');
  expect(cached[1]).toBe(
    '95% of bare (9500 req/s), 3 starts skipped at half peak (bare at that rate: p99 24.5 ms, 7 skipped)',
  );
  // The shop skipped fewer starts than the bare handler did, and still misses "none skipped".
  expect(cached[3]).toBe(false);
  const uncached = row(rows, 'uncached page (POST, limit 20) at 19');
  expect(uncached[1]).toBe(
    '20% of bare (2000 req/s), p99 at half peak 25 ms (bare at that rate: p99 24.5 ms, 7 skipped)',
  );
  expect(uncached[3]).toBe(false);
  expect(row(rows, 'category page: at 50,019 vs at 19')[1]).toContain(
    'p99 at half peak 22 ms (bare at that rate: p99 24.5 ms, 7 skipped)',
  );
});

it('prints the half-peak figures as before when a run measured no floor', () => {
  const rows = goalRows({ small: phase(undefined), large: phase(undefined) });
  expect(row(rows, 'cached GraphQL GET at 50,019')[1]).toBe('95% of bare (9500 req/s), 3 starts skipped at half peak');
  expect(row(rows, 'uncached page (POST, limit 20) at 50,019')[1]).toBe(
    '20% of bare (2000 req/s), p99 at half peak 25 ms',
  );
});
