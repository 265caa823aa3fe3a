import type { Request } from 'express';
import { webhookSender, type SendWebhook } from './webhook-sender';

/** Where the stand-in is mounted from: its secret key, the shop's webhook and the address shoppers reach. */
export interface StandInOptions {
  secretKey: string;
  webhookUrl: () => string;
  publicUrl: string;
}

/** What the stand-in's routes share: the key check, the webhook sender and the public address. */
export interface StandIn {
  authorised: (request: Request) => boolean;
  sendWebhook: SendWebhook;
  publicUrl: string;
}

export function standInOf(options: StandInOptions): StandIn {
  return {
    authorised: (request) => request.get('authorization') === `Bearer ${options.secretKey}`,
    sendWebhook: webhookSender(options.secretKey, options.webhookUrl),
    publicUrl: options.publicUrl,
  };
}
