import type { NextFunction, Request, Response } from 'express';
import { AppError, FieldError } from './errors';

type Handler = (request: Request, response: Response, next: NextFunction) => Promise<void>;

/**
 * A REST handler whose refusals name fields as the REST body spells them: services name fields as GraphQL does
 * (`deliveryLocationId`), and a REST caller must read the field it sent (`delivery_location_id`). Fields the table
 * does not name keep their name. Per handler, not per router, so no other route's errors are renamed.
 */
export function withRestFieldNames(names: Readonly<Record<string, string>>, handler: Handler): Handler {
  return async (request, response, next) => {
    try {
      await handler(request, response, next);
    } catch (error) {
      if (!(error instanceof AppError) || error.fieldErrors.length === 0) throw error;
      const renamed = error.fieldErrors.map(({ field, code, message }) =>
        FieldError.of(names[field] ?? field, code, message),
      );
      throw new AppError(error.code, error.message, renamed);
    }
  };
}
