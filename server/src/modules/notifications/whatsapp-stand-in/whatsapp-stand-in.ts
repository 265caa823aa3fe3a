import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { whatsappSignature } from '../whatsapp';

/**
 * A stand-in for the WhatsApp Business Cloud API on loopback (decision 0099), for tests and e2e: it speaks the Graph
 * API where the shop meets it (POST /{version}/{phone-number id}/messages with a Bearer token, template messages
 * only; Meta's error bodies) and sends signed status webhooks (X-Hub-Signature-256) as Meta does. It records what
 * it receives, and each recipient number can be told how to behave. A small HTTP control surface under /stand-in/
 * lets a test in another process (e2e) do the same.
 */

/** How the stand-in treats one recipient. */
export type RecipientBehaviour =
  /** Accepted; `sent` and `delivered` reports follow. */
  | 'deliver'
  /** Accepted, then a `failed` report with 131026, as Meta does for a number that is not on WhatsApp. */
  | 'not-on-whatsapp'
  /** Refused at once: 400 with 131026 "Message undeliverable". */
  | 'refuse'
  /** 503 with 131016 "Service unavailable": a passing failure, worth retrying. */
  | 'unavailable';

const behaviours: RecipientBehaviour[] = ['deliver', 'not-on-whatsapp', 'refuse', 'unavailable'];

export interface ReceivedMessage {
  /** The wamid the stand-in answered with (none when it refused). */
  id: string | undefined;
  phoneNumberId: string;
  version: string;
  authorization: string | undefined;
  to: string;
  template: { name: string; language: string; parameters: string[] };
  callbackData: string | undefined;
  /** What the stand-in answered: 200 or Meta's error status. */
  answeredStatus: number;
}

export interface WhatsAppStandInOptions {
  token: string;
  phoneNumberId: string;
  appSecret: string;
  /** The Graph API version in `url`; any vNN.N path is accepted, as Meta serves every live version. */
  version?: string;
  /** Where status webhooks go; also settable later (the shop's address is known only once it listens). */
  webhookUrl?: string;
  /** Approved templates: name → how many body parameters. Unset: any name and count is accepted. */
  templates?: Record<string, number>;
}

export interface WhatsAppStandIn {
  /** WHATSAPP_API_URL for the shop: the stand-in's address with the version. */
  url: string;
  /** The control surface's address (no version). */
  origin: string;
  /** What it received, oldest first (the newest `maxKept`). */
  messages(): ReceivedMessage[];
  /** The status webhooks it sent and the shop's HTTP answer to each (0: no answer), oldest first. */
  reports(): { messageId: string; status: string; answeredStatus: number }[];
  setWebhookUrl(url: string): void;
  /** How a recipient (E.164 or digits) is treated from now on. */
  treat(number: string, behaviour: RecipientBehaviour): void;
  /** Sends one signed status webhook for a message; answers the shop's HTTP status. */
  sendStatus(messageId: string, status: 'sent' | 'delivered' | 'read' | 'failed'): Promise<number>;
  /** Meta's subscription handshake against the webhook: whether the shop echoed the challenge. */
  subscribe(verifyToken: string): Promise<boolean>;
  close(): Promise<void>;
}

/** Every list the stand-in keeps is bounded: a long e2e run or a loop in a test cannot grow it without end. */
const maxKept = 1000;
const maxBodyBytes = 64 * 1024;

const digitsOf = (number: string) => number.replace(/\D/g, '');

/** Meta's Graph error body. */
function graphError(code: number, message: string, type = 'OAuthException', details?: string) {
  return {
    error: {
      message,
      type,
      code,
      ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
      fbtrace_id: randomBytes(9).toString('base64url'),
    },
  };
}

const failures = {
  undeliverable: { code: 131026, title: 'Message undeliverable' },
} as const;

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) chunks.push(chunk);
    });
    request.on('end', () => resolve(size <= maxBodyBytes ? Buffer.concat(chunks).toString('utf8') : undefined));
    request.on('error', () => resolve(undefined));
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The template message in a request body, or Meta's words for what is wrong with it. */
function templateOf(
  body: unknown,
  templates: Record<string, number> | undefined,
): { to: string; template: ReceivedMessage['template']; callbackData: string | undefined } | { refusal: object } {
  const invalid = (details: string) => ({
    refusal: graphError(100, '(#100) Invalid parameter', 'OAuthException', details),
  });
  if (!isObject(body)) return invalid('The request body must be a JSON object.');
  if (body.messaging_product !== 'whatsapp') return invalid('messaging_product must be whatsapp.');
  if (typeof body.to !== 'string' || !/^\+?\d{7,15}$/.test(body.to)) return invalid('to must be a phone number.');
  if (body.type !== 'template') return invalid('The stand-in takes template messages only (type: template).');
  const template = body.template;
  if (!isObject(template) || typeof template.name !== 'string' || template.name.length > 512) {
    return invalid('template.name is required.');
  }
  const language = isObject(template.language) ? template.language.code : undefined;
  if (typeof language !== 'string') return invalid('template.language.code is required.');
  const components = Array.isArray(template.components) ? template.components : [];
  const parameters: string[] = [];
  for (const component of components) {
    if (!isObject(component) || component.type !== 'body') continue;
    for (const parameter of Array.isArray(component.parameters) ? component.parameters : []) {
      if (!isObject(parameter) || parameter.type !== 'text' || typeof parameter.text !== 'string') {
        return invalid('Body parameters must be {type: text, text}.');
      }
      // Meta refuses new lines, tabs and runs of more than four spaces in a parameter.
      if (/[\n\t]| {5}/.test(parameter.text)) {
        return { refusal: graphError(132018, '(#132018) There was an issue with the parameters in your template.') };
      }
      parameters.push(parameter.text);
    }
  }
  if (templates) {
    const expected = templates[template.name];
    if (expected === undefined) {
      return { refusal: graphError(132001, '(#132001) Template name does not exist in the translation') };
    }
    if (expected !== parameters.length) {
      return {
        refusal: graphError(132000, '(#132000) Number of parameters does not match the expected number of params'),
      };
    }
  }
  const callbackData =
    typeof body.biz_opaque_callback_data === 'string' ? body.biz_opaque_callback_data.slice(0, 512) : undefined;
  return { to: body.to, template: { name: template.name, language, parameters }, callbackData };
}

export async function startWhatsAppStandIn(options: WhatsAppStandInOptions): Promise<WhatsAppStandIn> {
  const version = options.version ?? 'v23.0';
  const received: ReceivedMessage[] = [];
  const reported: { messageId: string; status: string; answeredStatus: number }[] = [];
  const treatment = new Map<string, RecipientBehaviour>();
  let webhookUrl = options.webhookUrl;

  const keep = <T>(list: T[], item: T) => {
    list.push(item);
    if (list.length > maxKept) list.splice(0, list.length - maxKept);
  };
  const treat = (number: string, behaviour: RecipientBehaviour) => {
    treatment.delete(digitsOf(number));
    treatment.set(digitsOf(number), behaviour);
    if (treatment.size > maxKept) treatment.delete(treatment.keys().next().value as string);
  };

  const sendStatus: WhatsAppStandIn['sendStatus'] = async (messageId, status) => {
    const message = received.find((item) => item.id === messageId);
    if (!webhookUrl) throw new Error('the WhatsApp stand-in has no webhook URL to report to');
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '0',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '254700000000', phone_number_id: options.phoneNumberId },
                statuses: [
                  {
                    id: messageId,
                    status,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    recipient_id: message ? digitsOf(message.to) : '',
                    ...(message?.callbackData ? { biz_opaque_callback_data: message.callbackData } : {}),
                    ...(status === 'failed'
                      ? {
                          errors: [
                            {
                              ...failures.undeliverable,
                              message: failures.undeliverable.title,
                              error_data: { details: 'Message Undeliverable.' },
                            },
                          ],
                        }
                      : {}),
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const answeredStatus = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': whatsappSignature(options.appSecret, body),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      })
      .catch(() => 0);
    keep(reported, { messageId, status, answeredStatus });
    return answeredStatus;
  };

  // Reports as Meta sends them, after the answer; a shop that is gone by then is not retried.
  const reportLater = (messageId: string, statuses: ('sent' | 'delivered' | 'failed')[]) => {
    if (!webhookUrl) return;
    void statuses
      .reduce<Promise<unknown>>(
        (previous, status) => previous.then(() => sendStatus(messageId, status)),
        Promise.resolve(),
      )
      .catch(() => undefined);
  };

  const send = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const text = request.method === 'POST' ? await readBody(request) : '';
    if (text === undefined) return send(response, 413, graphError(100, '(#100) The request is too large'));
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      return send(response, 400, graphError(100, '(#100) Invalid parameter', 'OAuthException', 'Invalid JSON.'));
    }

    // The control surface, for a test in another process.
    if (url.pathname === '/stand-in/messages' && request.method === 'GET') return send(response, 200, received);
    if (url.pathname === '/stand-in/recipients' && request.method === 'POST') {
      const { to, behaviour } = isObject(body) ? body : {};
      if (typeof to !== 'string' || !behaviours.includes(behaviour as RecipientBehaviour)) {
        return send(response, 400, { message: `send {to, behaviour: ${behaviours.join(' | ')}}` });
      }
      treat(to, behaviour as RecipientBehaviour);
      return send(response, 200, { to, behaviour });
    }
    if (url.pathname === '/stand-in/statuses' && request.method === 'POST') {
      const { id, status } = isObject(body) ? body : {};
      if (typeof id !== 'string' || !['sent', 'delivered', 'read', 'failed'].includes(status as string)) {
        return send(response, 400, { message: 'send {id, status: sent | delivered | read | failed}' });
      }
      const answered = await sendStatus(id, status as 'sent');
      return send(response, 200, { webhookStatus: answered });
    }

    const path = /^\/(v\d+\.\d+)\/(\d+)\/messages$/.exec(url.pathname);
    if (!path || request.method !== 'POST') {
      return send(response, 400, graphError(2500, 'Unknown path components', 'OAuthException'));
    }
    if (request.headers.authorization !== `Bearer ${options.token}`) {
      return send(response, 401, graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
    }
    const [, pathVersion = version, phoneNumberId = ''] = path;
    if (phoneNumberId !== options.phoneNumberId) {
      return send(
        response,
        400,
        graphError(
          100,
          `Unsupported post request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          'GraphMethodException',
        ),
      );
    }
    const parsed = templateOf(body, options.templates);
    if ('refusal' in parsed) return send(response, 400, parsed.refusal);
    const behaviour = treatment.get(digitsOf(parsed.to)) ?? 'deliver';
    const base = { phoneNumberId, version: pathVersion, authorization: request.headers.authorization, ...parsed };
    if (behaviour === 'refuse') {
      keep(received, { ...base, id: undefined, answeredStatus: 400 });
      return send(
        response,
        400,
        graphError(131026, '(#131026) Message undeliverable', 'OAuthException', 'Message Undeliverable.'),
      );
    }
    if (behaviour === 'unavailable') {
      keep(received, { ...base, id: undefined, answeredStatus: 503 });
      return send(response, 503, graphError(131016, '(#131016) Service unavailable', 'OAuthException'));
    }
    const id = `wamid.${randomBytes(24).toString('base64url')}`;
    keep(received, { ...base, id, answeredStatus: 200 });
    send(response, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: parsed.to, wa_id: digitsOf(parsed.to) }],
      messages: [{ id, message_status: 'accepted' }],
    });
    reportLater(id, behaviour === 'not-on-whatsapp' ? ['failed'] : ['sent', 'delivered']);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/${version}`,
    origin,
    messages: () => [...received],
    reports: () => [...reported],
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    treat,
    sendStatus,
    async subscribe(verifyToken) {
      if (!webhookUrl) throw new Error('the WhatsApp stand-in has no webhook URL to subscribe');
      const challenge = randomBytes(8).toString('hex');
      const query = new URLSearchParams({
        'hub.mode': 'subscribe',
        'hub.verify_token': verifyToken,
        'hub.challenge': challenge,
      });
      const response = await fetch(`${webhookUrl}?${query}`, { signal: AbortSignal.timeout(10_000) });
      return response.status === 200 && (await response.text()) === challenge;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
