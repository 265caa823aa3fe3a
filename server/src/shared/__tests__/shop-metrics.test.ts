import { parsePrometheusText } from '../../../test/prometheus-text';
import { operationNameLimit, ShopMetrics } from '../shop-metrics';

async function samplesOf(metrics: ShopMetrics, name: string) {
  return parsePrometheusText((await metrics.exposition()).text).filter((sample) => sample.name === name);
}

describe('the label sets stay bounded whatever callers send', () => {
  it(`gives the first ${operationNameLimit} operation names a series each, and every later one "other"`, async () => {
    const metrics = new ShopMetrics();
    for (let index = 0; index < operationNameLimit + 50; index += 1) {
      metrics.operationExecuted(`Operation${index}`, 'query', true, 0.001);
    }
    // A name seen before the limit keeps its series after it.
    metrics.operationExecuted('Operation0', 'query', true, 0.001);
    const names = (await samplesOf(metrics, 'manukato_graphql_operations_total')).map((s) => s.labels.operation);
    expect(names).toHaveLength(operationNameLimit + 1);
    expect(names).toContain('other');
    const counts = Object.fromEntries(
      (await samplesOf(metrics, 'manukato_graphql_operations_total')).map((s) => [s.labels.operation, s.value]),
    );
    expect(counts).toMatchObject({ Operation0: 2, other: 50 });
  });

  it('counts names that are not GraphQL names, unnamed operations and odd types and methods under fixed values', async () => {
    const metrics = new ShopMetrics();
    metrics.operationExecuted('not a name; drop table', 'query', false, 0.001);
    metrics.operationExecuted(undefined, 'subscriptionish', true, 0.001);
    metrics.requestAnswered('BREW', '/graphql', 418, 0.001);
    const operations = await samplesOf(metrics, 'manukato_graphql_operations_total');
    expect(operations.map((sample) => sample.labels)).toEqual(
      expect.arrayContaining([
        { operation: 'other', type: 'query', outcome: 'error' },
        { operation: 'anonymous', type: 'unknown', outcome: 'ok' },
      ]),
    );
    const requests = await samplesOf(metrics, 'manukato_http_requests_total');
    expect(requests.map((sample) => sample.labels)).toEqual([{ method: 'other', route: '/graphql', status: '418' }]);
  });

  it('keeps two instances in one process apart: each its own registry', async () => {
    const first = new ShopMetrics();
    const second = new ShopMetrics();
    first.orderPlaced('mpesa');
    expect((await samplesOf(first, 'manukato_orders_placed_total')).map((sample) => sample.value)).toEqual([1]);
    expect(await samplesOf(second, 'manukato_orders_placed_total')).toEqual([]);
  });
});
