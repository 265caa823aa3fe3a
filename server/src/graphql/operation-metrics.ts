import type { ApolloServerPlugin } from '@apollo/server';
import type { ShopMetrics } from '../shared/shop-metrics';

/**
 * Counts each operation Apollo answers, by its name (ShopMetrics bounds the names), type and whether its answer
 * carried errors, with the time from the request reaching Apollo to its answer. A request that never became an
 * operation (unparsable, refused by a limit) counts as "anonymous" of type "unknown", with its error.
 */
export function operationMetricsPlugin<Context extends object>(metrics: ShopMetrics): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      const started = performance.now();
      let failed = false;
      return {
        async didEncounterErrors() {
          failed = true;
        },
        async willSendResponse({ operationName, operation }) {
          const seconds = (performance.now() - started) / 1000;
          metrics.operationExecuted(operationName, operation?.operation, !failed, seconds);
        },
      };
    },
  };
}
