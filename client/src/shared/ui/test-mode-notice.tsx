import './test-mode-notice.css';

/** Whether the shop's payments go through its stand-in (no money moves): written into the page by the server. */
export function paymentTestMode(): boolean {
  return window.__MANUKATO_CONFIG__?.paymentTestMode === true;
}

/**
 * "Test mode — no real payments" at the top of the storefront while the stand-in takes payments. The server's first
 * paint draws the same element (server/src/http/first-paint.ts, testModeNoticeHtml), so it never moves the page.
 */
export function TestModeNotice() {
  return paymentTestMode() ? <p className="test-mode-notice">Test mode — no real payments</p> : null;
}
