import DataLoader from 'dataloader';
import type { RequestContext } from '../../core/request-context';
import type { FulfilmentEvent } from './fulfilment-event.entity';
import { fulfilmentEventsOf } from './fulfilment.service';

/** Each order's fulfilment steps by order id: a page of orders asking for their timelines costs one statement. */
export function createOrderLoaders(context: () => RequestContext) {
  return {
    fulfilmentEvents: new DataLoader<string, FulfilmentEvent[]>((ids) => fulfilmentEventsOf(context().em, ids)),
  };
}

export type OrderLoaders = ReturnType<typeof createOrderLoaders>;

declare module '../../core/request-context' {
  interface RequestLoaders {
    orders: OrderLoaders;
  }
}
