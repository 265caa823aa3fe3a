import type { Response } from 'express';

/** The spec's REST answer: `{ success, message, data }`. */
export interface Envelope<T> {
  success: boolean;
  message: string;
  data?: T;
  errors?: { field: string; code: string; message: string }[];
}

export function sendData<T>(response: Response, data: T, message = 'OK', status = 200): void {
  response.status(status).json({ success: true, message, data } satisfies Envelope<T>);
}
