import './test-mode-notice.css';
import { paymentTestMode } from './payment-test-mode';

/**
 * "Test mode — no real payments" at the top of the storefront while the stand-in takes payments. The server's first
 * paint draws the same element (server/src/http/first-paint.ts, testModeNoticeHtml), so it never moves the page.
 */
export function TestModeNotice() {
  return paymentTestMode() ? <p className="test-mode-notice">Test mode — no real payments</p> : null;
}
