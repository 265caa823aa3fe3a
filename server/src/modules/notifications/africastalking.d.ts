// The official package ships no types; this is the part the shop uses.
declare module 'africastalking' {
  interface AfricasTalking {
    SMS: { send(options: { to: string[]; message: string; from?: string }): Promise<unknown> };
  }
  function africastalking(options: { apiKey: string; username: string }): AfricasTalking;
  export = africastalking;
}
