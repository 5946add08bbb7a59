import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { insertOutboxMessage } from './outbox.repository.js';

export type Channel = 'sms' | 'email';

/** Delivers one SMS or email; the platform never cares which provider is behind it. */
export interface MessageSender {
  send(input: { merchantId: number; channel: Channel; to: string; text: string }): Promise<void>;
}

/**
 * Development provider: nothing leaves the machine. Each message is kept in outbox_messages and
 * logged, so developers, operators and tests can read the codes. Refused in production.
 */
export function createOutboxSender(db: Db, log: (line: string) => void): MessageSender {
  return {
    async send({ merchantId, channel, to, text }) {
      await insertOutboxMessage(db, { merchantId, channel, destination: to, body: text });
      log(`[outbox] ${channel} to ${to}: ${text}`);
    },
  };
}

/**
 * An HTTP SMS/email gateway: POST {channel, to, text} with a bearer token. 402 and 429 from the
 * gateway mean the quota ran out (SPEC error: quota not sufficient).
 */
export function createHttpGatewaySender(url: string, token: string | undefined): MessageSender {
  return {
    async send({ channel, to, text }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ channel, to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (response.status === 402 || response.status === 429) {
        throw new AppError('QUOTA_NOT_SUFFICIENT');
      }
      if (!response.ok) throw new Error(`message gateway answered ${response.status}`);
    },
  };
}
