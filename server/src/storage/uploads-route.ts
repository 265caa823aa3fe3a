import { pipeline } from 'node:stream/promises';
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { isValidKey, uploadsCacheControl, type FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';

const uploadsCacheControlMaxAgeMs = 365 * 24 * 60 * 60 * 1000;

/** Product pictures are shared (link previews, pictures in e-mails opened in webmail): readable cross-origin. */
function setSharedImageHeaders(response: Response): void {
  response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
}

/**
 * Serves stored files at /uploads/<key>, with a year's immutable caching. A directory goes through
 * express.static (ranges, conditional GETs, HEAD); object storage is streamed from the bucket with the same
 * headers, its ETag and Last-Modified passed on so a browser's revalidation costs no body. A missing file is a
 * plain 404 (not the storefront's page: it is an image's address).
 */
export function uploadsRoute(storage: FileStorage, log: Logger): Router {
  const router = Router();
  router.use(fileHandler(storage, log));
  router.use((_request: Request, response: Response) => {
    response.status(404).json({ success: false, message: 'Not found', code: 'NOT_FOUND' });
  });
  return router;
}

function fileHandler(storage: FileStorage, log: Logger): RequestHandler {
  if (storage instanceof LocalFileStorage) {
    return express.static(storage.directory, {
      maxAge: uploadsCacheControlMaxAgeMs,
      immutable: true,
      index: false,
      fallthrough: true,
      setHeaders: setSharedImageHeaders,
    });
  }
  return async (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    let key: string;
    try {
      key = decodeURIComponent(request.path.slice(1));
    } catch {
      return next();
    }
    // Anything but a name the shop could have stored is simply not there.
    if (!isValidKey(key)) return next();
    let file: Awaited<ReturnType<FileStorage['read']>>;
    try {
      file = await storage.read(key, {
        ifNoneMatch: request.get('if-none-match'),
        ifModifiedSince: request.get('if-modified-since'),
      });
    } catch (error) {
      log.error({ err: error, key }, 'could not read an uploaded file from storage');
      response
        .status(503)
        .set('Retry-After', '5')
        .json({ success: false, message: 'Images are unavailable for a moment.', code: 'STORAGE_UNAVAILABLE' });
      return;
    }
    if (file === null) return next();
    response.setHeader('Cache-Control', uploadsCacheControl);
    setSharedImageHeaders(response);
    if (file === 'not-modified') {
      response.status(304).end();
      return;
    }
    response.setHeader('Content-Type', file.contentType);
    if (file.size !== undefined) response.setHeader('Content-Length', String(file.size));
    if (file.etag) response.setHeader('ETag', file.etag);
    if (file.lastModified) response.setHeader('Last-Modified', file.lastModified.toUTCString());
    if (request.method === 'HEAD') {
      file.body.destroy();
      response.end();
      return;
    }
    try {
      await pipeline(file.body, response);
    } catch (error) {
      // The browser went away, or the store broke off mid-file: nothing more can be sent on this answer.
      log.debug({ err: error, key }, 'an uploaded file was not sent to the end');
    }
  };
}
