import { getIntrospectionQuery, Kind, parse, type OperationDefinitionNode } from 'graphql';
import { loadConfig } from '../../config/config';
import { operationDepth } from '../limits';

function depthOf(source: string): number {
  const document = parse(source);
  const operation = document.definitions.find(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  ) as OperationDefinitionNode;
  return operationDepth(operation, document);
}

describe('operationDepth', () => {
  it('counts nested fields and follows fragments', () => {
    expect(depthOf('{ a }')).toBe(1);
    expect(depthOf('{ a { b { c } } d }')).toBe(3);
    expect(depthOf('query { a { ...F } } fragment F on A { b { c { d } } }')).toBe(4);
    expect(depthOf('query { a { ... on A { b { c } } } }')).toBe(3);
  });

  it('does not loop on a fragment that spreads itself', () => {
    expect(depthOf('query { a { ...F } } fragment F on A { b { ...F } }')).toBe(2);
  });

  it('lets the standard introspection query (GraphiQL, codegen) through the default limit', () => {
    expect(depthOf(getIntrospectionQuery())).toBeLessThanOrEqual(loadConfig({}).graphql.maxDepth);
  });
});
