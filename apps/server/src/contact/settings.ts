/**
 * Customer contact settings (docs/contact.md), read from the environment. Every provider is off
 * by default: without LINE, SMS or LMS_MESSAGES=log no message is written and no worker runs.
 */
export interface ContactSettings {
  readonly line?: { readonly token: string; readonly apiBase: string };
  readonly sms?: { readonly url: string; readonly token: string | undefined };
  /** Print messages instead of sending them (development). */
  readonly log: boolean;
  /** Where the web app is reachable from a customer's phone: the start of the appointment link. */
  readonly publicUrl: string;
  /** Tries before a message is dead (kept, not sent, shown to the planner). */
  readonly maxAttempts: number;
  /** The first retry waits this long; each next one twice as long, at most `maxBackoffMs`. */
  readonly backoffMs: number;
  readonly maxBackoffMs: number;
  /** How long one send may take before it counts as failed. */
  readonly sendTimeoutMs: number;
  /** How often an idle worker looks for due messages. */
  readonly pollMs: number;
}

export const LINE_API_BASE = 'https://api.line.me';

export function readContactSettings(env: NodeJS.ProcessEnv = process.env): ContactSettings {
  const number = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isFinite(value) || value <= 0)
      throw new Error(`${name} must be a positive number, got "${env[name]}"`);
    return value;
  };
  return {
    line: env.LMS_LINE_CHANNEL_TOKEN
      ? { token: env.LMS_LINE_CHANNEL_TOKEN, apiBase: env.LMS_LINE_API_BASE || LINE_API_BASE }
      : undefined,
    sms: env.LMS_SMS_URL ? { url: env.LMS_SMS_URL, token: env.LMS_SMS_TOKEN || undefined } : undefined,
    log: env.LMS_MESSAGES === 'log',
    publicUrl: (env.LMS_PUBLIC_URL || `http://localhost:${env.PORT ?? 8080}`).replace(/\/+$/, ''),
    maxAttempts: number('LMS_MESSAGES_MAX_ATTEMPTS', 8),
    backoffMs: number('LMS_MESSAGES_BACKOFF_MS', 30_000),
    maxBackoffMs: 6 * 60 * 60_000,
    sendTimeoutMs: 15_000,
    pollMs: 2_000,
  };
}

/** Is any way of reaching a customer configured (and so the outbox and its worker in use)? */
export const contactEnabled = (settings: ContactSettings | undefined): settings is ContactSettings =>
  !!settings && (!!settings.line || !!settings.sms || settings.log);
