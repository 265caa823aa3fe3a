import { ApolloLink, type ApolloClient } from '@apollo/client';
import { print } from '@apollo/client/utilities';
import { Observable } from 'rxjs';

/** Reports how much of a multipart request's body has been sent, while it is being sent. */
export type UploadProgressListener = (progress: { loaded: number; total: number }) => void;

/** What an operation's context may carry for this link (set with `useMutation(…, { context })`). */
export interface UploadContext {
  onUploadProgress?: UploadProgressListener;
}

interface ExtractedFiles {
  /** The variables with every File replaced by null, as the multipart spec's `operations` wants them. */
  variables: unknown;
  files: { path: string; file: Blob; name: string }[];
}

function isFile(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

/** Walks the variables and lifts every File (or Blob) out, remembering its object path ('variables.images.0'). */
export function extractFiles(value: unknown, path = 'variables'): ExtractedFiles {
  if (isFile(value)) {
    const name = value instanceof File ? value.name : 'blob';
    return { variables: null, files: [{ path, file: value, name }] };
  }
  if (Array.isArray(value)) {
    const parts = value.map((item, index) => extractFiles(item, `${path}.${index}`));
    return { variables: parts.map((part) => part.variables), files: parts.flatMap((part) => part.files) };
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => [key, extractFiles(item, `${path}.${key}`)] as const);
    return {
      variables: Object.fromEntries(entries.map(([key, part]) => [key, part.variables])),
      files: entries.flatMap(([, part]) => part.files),
    };
  }
  return { variables: value, files: [] };
}

/** The GraphQL multipart request (operations, map, then the files), as graphql-upload-minimal reads it. */
export function buildMultipartBody(operation: ApolloLink.Operation): FormData | null {
  const { variables, files } = extractFiles(operation.variables);
  if (files.length === 0) return null;
  const body = new FormData();
  body.append(
    'operations',
    JSON.stringify({ operationName: operation.operationName, query: print(operation.query), variables }),
  );
  body.append('map', JSON.stringify(Object.fromEntries(files.map((entry, index) => [String(index), [entry.path]]))));
  files.forEach((entry, index) => body.append(String(index), entry.file, entry.name));
  return body;
}

/**
 * Sends operations whose variables hold files as a GraphQL multipart request through XMLHttpRequest, the one
 * browser API that reports upload progress; every other operation goes on to the next link untouched.
 * Apollo Client 4's HttpLink cannot send files, and fetch() cannot report upload progress.
 */
function createUploadLink(uri = '/graphql'): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const body = buildMultipartBody(operation);
    if (!body) return forward(operation);
    const { onUploadProgress } = operation.getContext() as UploadContext;
    return new Observable<ApolloLink.Result>((observer) => {
      const request = new XMLHttpRequest();
      request.open('POST', uri);
      // Apollo Server's CSRF protection refuses a multipart POST unless a header forces a preflight.
      request.setRequestHeader('apollo-require-preflight', 'true');
      request.setRequestHeader('accept', 'application/json');
      if (onUploadProgress) {
        request.upload.addEventListener('progress', (event) => {
          if (event.lengthComputable) onUploadProgress({ loaded: event.loaded, total: event.total });
        });
      }
      request.addEventListener('load', () => {
        let result: unknown;
        try {
          result = JSON.parse(request.responseText);
        } catch {
          observer.error(new Error(`Server error: ${request.status}`));
          return;
        }
        if (result === null || typeof result !== 'object' || !('data' in result || 'errors' in result)) {
          observer.error(new Error(`Server error: ${request.status}`));
          return;
        }
        observer.next(result as ApolloLink.Result);
        observer.complete();
      });
      request.addEventListener('error', () =>
        observer.error(new Error('No response from server. Please check your network connection.')),
      );
      request.send(body);
      return () => {
        if (request.readyState !== XMLHttpRequest.DONE) request.abort();
      };
    });
  });
}

const clientsWithUploads = new WeakSet<ApolloClient>();

/**
 * Puts the upload link in front of the app's link chain, once per client. Called by the admin layout, so the
 * storefront's bundle never carries it.
 */
export function installUploadLink(client: ApolloClient): void {
  if (clientsWithUploads.has(client)) return;
  clientsWithUploads.add(client);
  client.setLink(createUploadLink().concat(client.link));
}
