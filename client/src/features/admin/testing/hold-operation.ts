import { ApolloLink } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { from, mergeMap } from 'rxjs';

/**
 * A link answering from `mocks`, except that the named operation waits until `release()` is called: a test
 * can look at the screen while the server "thinks" (an optimistic update, a progress state) without timers.
 */
export function holdOperation(operationName: string, mocks: MockLink.MockedResponse[]) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const gate = new ApolloLink((operation, forward) =>
    operation.operationName === operationName
      ? from(held).pipe(mergeMap(() => forward(operation)))
      : forward(operation),
  );
  const link = gate.concat(new MockLink(mocks, { defaultOptions: { delay: 0 } }));
  return { link, release: () => release() };
}
