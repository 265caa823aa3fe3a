import type { NextFunction, Request, Response } from 'express';
import { describeProblem, inputProblem, isJsonObject, textProblem, type InputProblem } from '../shared/input-check';
import { AppError } from '../core/errors';

const wholes: Record<string, string> = { body: 'The request body', path: 'The address' };

function refuse(problem: InputProblem): AppError {
  const whole = wholes[problem.path];
  return AppError.field(
    problem.path,
    'INVALID_INPUT',
    whole ? `${whole} ${problem.message}.` : describeProblem(problem),
  );
}

/** The address's path, decoded segment by segment as the router will decode its parameters. */
function pathProblem(path: string): InputProblem | undefined {
  // Only an escaped character can be hostile; most paths have none and cost one search.
  if (!path.includes('%')) return undefined;
  for (const segment of path.split('/')) {
    if (!segment.includes('%')) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return { path: 'path', message: 'is not valid percent-encoded UTF-8' };
    }
    const problem = textProblem(decoded);
    if (problem) return { path: 'path', message: problem };
  }
  return undefined;
}

/**
 * Every REST call and page request passes this before any route: the path, the query string and a JSON body
 * (an object, never `null`, a number, a string or an array) hold no NUL, no lone surrogate, no number beyond
 * the safe integers and nothing nested deeper than any input takes (shared/input-check.ts). Refused with
 * a 400 in the usual envelope, naming the field, before anything is read or written.
 */
export function inputGuard() {
  return (request: Request, _response: Response, next: NextFunction): void => {
    const problem =
      pathProblem(request.path) ??
      inputProblem(request.query, 'query') ??
      (request.body === undefined ? undefined : bodyProblem(request));
    if (problem) throw refuse(problem);
    next();
  };
}

function bodyProblem(request: Request): InputProblem | undefined {
  const body: unknown = request.body;
  if (request.is('application/json') && !isJsonObject(body)) {
    return { path: 'body', message: 'must be a JSON object' };
  }
  return inputProblem(body, 'body');
}
