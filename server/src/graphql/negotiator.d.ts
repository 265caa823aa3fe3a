// negotiator (the Accept-header parser Apollo Server and Express use) ships no types; this is the part used here.
declare module 'negotiator' {
  class Negotiator {
    constructor(request: { headers: Record<string, string | undefined> });
    mediaType(available?: string[]): string | undefined;
    /** The most preferred of `available` by Accept-Encoding and its q-values; ties go to `preferred`'s order. */
    encoding(available?: string[], options?: { preferred?: string[] }): string | undefined;
  }
  export = Negotiator;
}
