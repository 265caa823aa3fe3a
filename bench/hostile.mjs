/**
 * The hostile scenario (issue 10): the storefront's cached products GET at a steady rate, measured alone
 * and then with the fragment-bomb and alias attacks sent beside it at a few requests per second, in the
 * same run. The storefront's p99 should stay within 2× of its figure without the attack.
 *
 * Settings (environment): BENCH_HOSTILE_RATE storefront requests/s (default 200), BENCH_ATTACK_RATE
 * attack requests/s (default 4), plus BENCH_SECONDS, BENCH_WARMUP_SECONDS and BENCH_CONNECTIONS.
 */
import { pacedLoad } from './paced-load.mjs';
import { productsQuery } from './scenarios.mjs';

/** Each fragment spreads the next twice: 2^levels leaves from a document a few KB long. */
export function fragmentBomb(levels) {
  const fragments = Array.from(
    { length: levels },
    (_, level) => `fragment F${level} on Product { ...F${level + 1} ...F${level + 1} }`,
  );
  return `query Bomb { products(limit: 1) { ...F0 } }\n${fragments.join('\n')}\nfragment F${levels} on Product { id }`;
}

/** `count` aliased copies of the products query over one fragment. */
export function aliasBomb(count) {
  const aliases = Array.from({ length: count }, (_, index) => `a${index}: products { ...Card }`);
  return `query Aliases { ${aliases.join(' ')} }\nfragment Card on Product { id name description priceCents }`;
}

const attacks = [
  { name: 'fragment bomb, 22 levels', query: fragmentBomb(22) },
  { name: 'fragment bomb, 200 levels', query: fragmentBomb(200) },
  { name: '2,100 aliases', query: aliasBomb(2100) },
  { name: '9,000 aliases', query: aliasBomb(9000) },
];

function positive(name, fallback) {
  const value = Number(process.env[name] || fallback);
  if (!(value > 0)) throw new Error(`${name} must be a positive number`);
  return value;
}

/** The storefront's cached query at an even `rate` (paced-load.mjs, decision 0061), at most `connections` at once. */
async function storefrontLoad(baseUrl, seconds, rate, connections) {
  const result = await pacedLoad({
    baseUrl,
    scenario: {
      method: 'GET',
      path: `/graphql?query=${encodeURIComponent(productsQuery)}`,
      headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
    },
    rate,
    seconds,
    maxInFlight: connections,
  });
  return {
    p99Ms: result.latencyMs.p99,
    p50Ms: result.latencyMs.p50,
    requests: result.totalRequests,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

/** Sends the attacks in turn at `rate` a second until stopped; counts how each was answered. */
function startAttacks(baseUrl, rate) {
  const answers = { refused: 0, other: 0, slowestMs: 0 };
  const pending = new Set();
  let turn = 0;
  const timer = setInterval(() => {
    const attack = attacks[turn % attacks.length];
    turn += 1;
    const started = Date.now();
    const request = fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: attack.query }),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status === 400) answers.refused += 1;
        else answers.other += 1;
      })
      .catch(() => (answers.other += 1))
      .finally(() => {
        answers.slowestMs = Math.max(answers.slowestMs, Date.now() - started);
        pending.delete(request);
      });
    pending.add(request);
  }, 1000 / rate);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return { ...answers, sent: turn };
    },
  };
}

export async function measureHostile(baseUrl, settings) {
  const rate = positive('BENCH_HOSTILE_RATE', 200);
  const attackRate = positive('BENCH_ATTACK_RATE', 4);
  const log = (message) => console.log(`  hostile: ${message}`);
  await storefrontLoad(baseUrl, settings.warmupSeconds, rate, settings.connections);
  const alone = await storefrontLoad(baseUrl, settings.seconds, rate, settings.connections);
  log(`storefront alone at ${rate} req/s: p99 ${alone.p99Ms} ms`);
  const attackers = startAttacks(baseUrl, attackRate);
  const attacked = await storefrontLoad(baseUrl, settings.seconds, rate, settings.connections);
  const attackAnswers = await attackers.stop();
  log(
    `storefront beside ${attackRate} attacks/s: p99 ${attacked.p99Ms} ms ` +
      `(attacks: ${attackAnswers.sent} sent, ${attackAnswers.refused} refused with 400, slowest ${attackAnswers.slowestMs} ms)`,
  );
  // A p99 under 1 ms counts as 1 ms for the ratio: below that the differences are timer noise.
  const ratio = Math.round((Math.max(attacked.p99Ms, 1) / Math.max(alone.p99Ms, 1)) * 100) / 100;
  const failures = [];
  if (alone.non2xx + attacked.non2xx > 0)
    failures.push(`hostile: ${alone.non2xx + attacked.non2xx} storefront non-2xx`);
  if (attackAnswers.other > 0) failures.push(`hostile: ${attackAnswers.other} attacks not refused with 400`);
  console.log('');
  console.log(
    `hostile scenario: storefront p99 ${alone.p99Ms} ms alone, ${attacked.p99Ms} ms under attack: ` +
      `ratio ${ratio} (goal ≤ 2)`,
  );
  return { rate, attackRate, alone, attacked, attacks: attackAnswers, ratio, withinGoal: ratio <= 2, failures };
}
