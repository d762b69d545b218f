import type { ContactSettings } from './settings.ts';

/** One message as the worker hands it to a provider. `id` is the idempotency key. */
export interface OutgoingMessage {
  readonly id: string;
  readonly channel: Channel;
  readonly recipient: string;
  readonly body: string;
  readonly link: string | null;
}

export type Channel = 'line' | 'sms' | 'log';

/**
 * A refusal the provider will repeat whatever the number of tries (a 4xx other than 408/429):
 * the message is dead at once instead of being retried.
 */
export class PermanentFailure extends Error {}

export interface MessageProvider {
  send(message: OutgoingMessage, signal: AbortSignal): Promise<void>;
}

async function post(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  signal: AbortSignal,
  accepted: (status: number) => boolean = () => false,
): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal,
  });
  const text = await response.text().catch(() => '');
  if (response.ok || accepted(response.status)) return;
  const detail = `HTTP ${response.status} ${text.slice(0, 300)}`;
  if (response.status >= 400 && response.status < 500 && ![408, 429].includes(response.status))
    throw new PermanentFailure(detail);
  throw new Error(detail);
}

/** LINE's limits: a buttons template's text is at most 160 characters, an action label 20. */
const LINE_BUTTON_TEXT = 'ยืนยันหรือขอเลื่อนนัดส่งสินค้า';
const LINE_BUTTON_LABEL = 'เปิดนัดส่งสินค้า';

/**
 * LINE Messaging API push. `X-Line-Retry-Key` is the message id: LINE accepts a key once and
 * answers 409 to a retry of a push it already accepted, so a resend after a crash is not a second
 * message (409 counts as sent).
 */
export function lineProvider(line: NonNullable<ContactSettings['line']>): MessageProvider {
  return {
    send: (message, signal) =>
      post(
        `${line.apiBase}/v2/bot/message/push`,
        { authorization: `Bearer ${line.token}`, 'x-line-retry-key': message.id },
        {
          to: message.recipient,
          messages: [
            { type: 'text', text: message.body },
            ...(message.link
              ? [
                  {
                    type: 'template',
                    altText: message.body.slice(0, 400),
                    template: {
                      type: 'buttons',
                      text: LINE_BUTTON_TEXT,
                      actions: [{ type: 'uri', label: LINE_BUTTON_LABEL, uri: message.link }],
                    },
                  },
                ]
              : []),
          ],
        },
        signal,
        (status) => status === 409,
      ),
  };
}

/** A Thai mobile number as gateways take it: digits, country code 66 instead of the leading 0. */
export function smsNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('0') ? `66${digits.slice(1)}` : digits;
}

/**
 * A generic SMS gateway: one JSON POST `{ to, message, reference }` with a bearer token and an
 * `Idempotency-Key` header (the message id, also sent as `reference`); the Thai gateways we know
 * take this through a small adapter on their side or ours (docs/contact.md).
 */
export function smsProvider(sms: NonNullable<ContactSettings['sms']>): MessageProvider {
  return {
    send: (message, signal) =>
      post(
        sms.url,
        { ...(sms.token ? { authorization: `Bearer ${sms.token}` } : {}), 'idempotency-key': message.id },
        { to: smsNumber(message.recipient), message: message.body, reference: message.id },
        signal,
      ),
  };
}

/** Development: prints the message (LMS_MESSAGES=log). */
export function logProvider(print: (line: string) => void = console.log): MessageProvider {
  return {
    send: async (message) => print(JSON.stringify({ msg: 'customer message', ...message })),
  };
}

export function providersOf(settings: ContactSettings): Partial<Record<Channel, MessageProvider>> {
  return {
    ...(settings.line ? { line: lineProvider(settings.line) } : {}),
    ...(settings.sms ? { sms: smsProvider(settings.sms) } : {}),
    ...(settings.log ? { log: logProvider() } : {}),
  };
}
