import { BREAK, GraphQLError, visit, type DocumentNode } from 'graphql';
import { describeProblem, inputProblem, numberProblem, textProblem, type InputProblem } from '../shared/input-check';

// A document's literals never change: checked once per parsed document (Apollo and the direct path keep
// parsed documents in their own bounded caches; entries here go with them).
const literalProblems = new WeakMap<DocumentNode, InputProblem | null>();

/** The first string or number written in the document itself that the shop would refuse as a variable. */
function literalProblem(document: DocumentNode): InputProblem | undefined {
  const known = literalProblems.get(document);
  if (known !== undefined) return known ?? undefined;
  let found: InputProblem | null = null;
  const check = (message: string | undefined) => {
    if (!message) return undefined;
    found = { path: 'query', message: `A value written in the query ${message}.` };
    return BREAK;
  };
  visit(document, {
    StringValue: (node) => check(textProblem(node.value)),
    IntValue: (node) => check(numberProblem(Number(node.value))),
    FloatValue: (node) => check(numberProblem(Number(node.value))),
  });
  literalProblems.set(document, found);
  return found ?? undefined;
}

/**
 * The shared input check (shared/input-check.ts) for one GraphQL operation: its variables and the strings
 * and numbers written in its document. A BAD_USER_INPUT error with HTTP status 400, or undefined.
 */
export function operationInputError(document: DocumentNode, variables: unknown): GraphQLError | undefined {
  const literal = literalProblem(document);
  const problem = literal ?? inputProblem(variables ?? {}, 'variables');
  if (!problem) return undefined;
  const message = literal ? literal.message : describeProblem(problem);
  return new GraphQLError(message, {
    extensions: {
      code: 'BAD_USER_INPUT',
      fieldErrors: [{ field: problem.path, code: 'INVALID_INPUT', message }],
      http: { status: 400 },
    },
  });
}
