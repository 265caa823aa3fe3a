import type { Response } from 'express';
import { escapeHtml } from '../../../shared/html';
import { centsToDecimal, formatKsh } from '../../../shared/money';

const pageStyle =
  'body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#222}button{font-size:1rem;padding:.7rem 1.4rem;margin-right:.5rem;border-radius:6px;border:1px solid #333;cursor:pointer}.pay{background:#0a7d32;color:#fff;border-color:#0a7d32}li{margin-bottom:1.5rem}label{display:block;margin-bottom:.3rem}input{font-size:1rem;padding:.5rem;margin-bottom:.7rem}';

/** The stand-in's pages: plain HTML and forms that post back, no scripts (the shop's CSP allows none inline). */
export function simulatorPage(response: Response, status: number, title: string, body: string): void {
  response
    .status(status)
    // The address carries the access code: never cached, never sent on as a Referer.
    .set('Cache-Control', 'no-store')
    .set('Referrer-Policy', 'no-referrer')
    .type('html')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Manukato</title><meta name="robots" content="noindex">
<style>${pageStyle}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`);
}

/** The shop charges in KES, written as everywhere else ('Ksh 7,320.00'); any other currency as Paystack sends it. */
export function amountText(cents: number, currency: string): string {
  return currency === 'KES' ? formatKsh(cents) : `${currency} ${centsToDecimal(cents)}`;
}
