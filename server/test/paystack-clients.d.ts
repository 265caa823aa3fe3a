/** paystack-api ships no types: the part of its API the tests use (github.com/pariola/paystack). */
declare module 'paystack-api' {
  interface PaystackApi {
    /** The base URL every call is made against (https://api.paystack.co unless set). */
    endpoint: string;
    transaction: {
      list(query: { perPage?: number; page?: number }): Promise<unknown>;
      get(path: { id: number | string }): Promise<unknown>;
    };
    refund: { list(query: { reference?: string; currency?: string }): Promise<unknown> };
  }
  function Paystack(key: string): PaystackApi;
  export = Paystack;
}

/** paystack-node ships no types: the part of its API the tests use (github.com/stitchng/paystack). */
declare module 'paystack-node' {
  interface GotResponse {
    body: unknown;
  }
  class PayStack {
    constructor(apiKey: string, appEnv?: string);
    /** got's options for every later call, its `baseUrl` among them. */
    mergeNewOptions(options: { baseUrl?: string }): void;
    listTransaction(query: { perPage?: number; page?: number }): Promise<GotResponse>;
    getTransaction(path: { id: string }): Promise<GotResponse>;
    listRefund(query: { reference: string; currency?: string }): Promise<GotResponse>;
  }
  export = PayStack;
}
