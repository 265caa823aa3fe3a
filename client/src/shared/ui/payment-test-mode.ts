/** Whether the shop's payments go through its stand-in (no money moves): written into the page by the server. */
export function paymentTestMode(): boolean {
  return window.__MANUKATO_CONFIG__?.paymentTestMode === true;
}
