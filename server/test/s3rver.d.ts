/** s3rver ships no types: the part of its API the tests use (github.com/jamhall/s3rver#usage). */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }

  // eslint-disable-next-line no-restricted-syntax -- describes s3rver's own export, which is a default one
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
