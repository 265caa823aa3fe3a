/**
 * A backup or restore that will not start because of what it found (a database that is not empty, tools older than
 * the server, a backup without its manifest): nothing was changed, and the message says what to do. The commands
 * exit with `exitCode` for it, apart from 1 for a failure on the way.
 */
export class OperationRefused extends Error {
  static readonly exitCode = 2;

  constructor(message: string) {
    super(message);
    this.name = 'OperationRefused';
  }
}
