import type { Writable } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import { graphqlUploadExpress } from 'graphql-upload-minimal';
import { uploadMiddlewareLimits } from '../modules/catalog/product-upload';
import { AppError } from '../core/errors';

const parseUploads = graphqlUploadExpress(uploadMiddlewareLimits);
const ignoreError = () => undefined;

/**
 * GraphQL multipart requests (file uploads) through graphql-upload-minimal, made safe for any form:
 * - only POSTs are parsed (the multipart request spec); a GET carrying a form body is answered as a GET;
 * - busboy reports some broken forms twice ("Malformed part header", then "Unexpected end of form") and the
 *   library listens for the first only, so the second was thrown out of the stream and ended the process.
 *   The parser it pipes the request into gets one more listener; the first error still ends the request;
 * - its errors become 400s that say what is wrong with the form.
 */
export function graphqlUploads() {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.method !== 'POST' || !request.is('multipart/form-data')) {
      next();
      return;
    }
    const pipe = request.pipe.bind(request);
    request.pipe = <Destination extends NodeJS.WritableStream>(
      destination: Destination,
      options?: { end?: boolean },
    ) => {
      (destination as unknown as Writable).on('error', ignoreError);
      return pipe(destination, options);
    };
    parseUploads(request, response, (error?: unknown) => next(error === undefined ? undefined : uploadError(error)));
  };
}

function uploadError(error: unknown): unknown {
  const status = (error as { status?: unknown } | null)?.status;
  // The library's 500: a form with neither `operations` nor `map` (it assumes another middleware read it).
  if (status === 500) {
    return new AppError(
      'BAD_USER_INPUT',
      "The form is not a GraphQL multipart request: it needs the 'operations' and 'map' fields.",
    );
  }
  // busboy's own errors carry no status: the form itself is broken.
  if (status === undefined && error instanceof Error) {
    return new AppError('BAD_USER_INPUT', `The multipart form could not be read: ${error.message}.`);
  }
  return error;
}
