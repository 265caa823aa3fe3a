/**
 * The one check every incoming value passes before the shop acts on it (REST bodies, query strings and paths,
 * GraphQL variables and literals, Paystack's webhook). Refuses what PostgreSQL or JavaScript cannot hold
 * faithfully: NUL characters (PostgreSQL text cannot store them), lone UTF-16 surrogates (not text at all:
 * they would be stored as U+FFFD), numbers beyond the safe integers (JSON's 1e400 is Infinity), and values
 * nested deeper than any input the shop takes. One pass over the value, linear in its size, no recursion.
 */

/** Deeper than any input the shop takes (a GraphQL body with an input object is about five levels). */
export const maxInputDepth = 32;

export interface InputProblem {
  /** Where the value is below the root, e.g. `input.name` or `offset`; the root's name for the whole value. */
  path: string;
  message: string;
}

// With the u flag a surrogate pair is one code point outside D800–DFFF: only lone surrogates match.
const badCharacter = /[\0\uD800-\uDFFF]/u;

/** What is wrong with a piece of text, or undefined when it is fine. */
export function textProblem(text: string): string | undefined {
  const found = badCharacter.exec(text);
  if (!found) return undefined;
  return found[0] === '\0'
    ? 'must not contain a NUL character (U+0000)'
    : 'must be valid Unicode text (it contains a lone surrogate)';
}

/** What is wrong with a number, or undefined when it is fine. */
export function numberProblem(value: number): string | undefined {
  if (!Number.isFinite(value)) return 'must be a finite number';
  if (Math.abs(value) > Number.MAX_SAFE_INTEGER) {
    return `must be between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`;
  }
  return undefined;
}

interface Pending {
  value: unknown;
  key: string | number;
  parent: Pending | undefined;
  depth: number;
}

/** `input.name`, `items[2]`: the path below the root, built only for the value that failed; the root's name when none. */
function pathOf(entry: Pending): string {
  const parts: string[] = [];
  for (let at: Pending | undefined = entry; at?.parent; at = at.parent) {
    const key = String(at.key).length > 40 ? `${String(at.key).slice(0, 40)}…` : String(at.key);
    parts.push(typeof at.key === 'number' ? `[${key}]` : `.${key}`);
  }
  return parts.length === 0 ? String(entry.key) : parts.reverse().join('').replace(/^\./, '');
}

/**
 * The first problem in a JSON-like value (objects, arrays, strings, numbers, booleans, null; anything else,
 * such as an uploaded file, is left alone), or undefined. `name` names the whole value (`body`, `variables`).
 */
export function inputProblem(value: unknown, name: string): InputProblem | undefined {
  const stack: Pending[] = [{ value, key: name, parent: undefined, depth: 0 }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const { value: current, depth } = entry;
    let problem: string | undefined;
    if (typeof current === 'string') problem = textProblem(current);
    else if (typeof current === 'number') problem = numberProblem(current);
    else if (current !== null && typeof current === 'object' && isPlainContainer(current)) {
      if (depth >= maxInputDepth) problem = `nests too deeply (more than ${maxInputDepth} levels)`;
      else if (Array.isArray(current)) {
        for (let index = current.length - 1; index >= 0; index -= 1) {
          stack.push({ value: current[index], key: index, parent: entry, depth: depth + 1 });
        }
      } else {
        for (const key of Object.keys(current).reverse()) {
          const keyProblem = textProblem(key);
          if (keyProblem) return { path: pathOf(entry), message: `has a field name that ${keyProblem}` };
          stack.push({ value: (current as Record<string, unknown>)[key], key, parent: entry, depth: depth + 1 });
        }
      }
    }
    if (problem) return { path: pathOf(entry), message: problem };
  }
  return undefined;
}

function isPlainContainer(value: object): boolean {
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** `input.name must not contain …`: the message a caller sees. */
export function describeProblem(problem: InputProblem): string {
  return `${problem.path} ${problem.message}.`;
}

/** A value PostgreSQL's `integer` holds: ids and other int columns, which typed statement parameters must fit. */
export function isPostgresInteger(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) <= 2 ** 31 - 1 && (value as number) >= -(2 ** 31);
}

/** A JSON body must be an object: `null`, numbers, strings and arrays are refused. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The first field of a multipart form whose name, text or file name holds a NUL or a lone surrogate. */
export function formDataProblem(form: FormData): InputProblem | undefined {
  for (const [key, value] of form.entries()) {
    const keyProblem = textProblem(key);
    if (keyProblem) return { path: 'form', message: `has a field name that ${keyProblem}` };
    const problem = textProblem(typeof value === 'string' ? value : value.name);
    if (problem) return { path: key.length > 40 ? `${key.slice(0, 40)}…` : key, message: problem };
  }
  return undefined;
}
