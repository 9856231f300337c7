import { createTransport } from 'nodemailer';
import type { KeyMode } from '../accounts/api-key.js';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Sends e-mail to account owners; rejects when the message could not be handed over. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** nodemailer over the operator's SMTP server (RTW_SMTP_URL, RTW_MAIL_FROM). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}

export interface GiveUpNotice {
  readonly mode: KeyMode;
  readonly checkId: string;
  readonly eventId: string;
  /** Only the host of the callback URL: its path and query may carry the customer's own ids. */
  readonly host: string;
  readonly givenUpAt: Date;
  readonly attempts: number;
}

/**
 * The give-up e-mail (spec 6.4.4), at most one a day per account and mode. It names the check, the
 * time and the receiving host only: no result, no applicant data, no full URL.
 */
export function giveUpMessage(to: string, notice: GiveUpNotice): MailMessage {
  const mode = notice.mode === 'live' ? 'live' : 'sandbox';
  return {
    to,
    subject: `Webhook delivery given up (${mode})`,
    text: [
      `A ${mode} webhook could not be delivered after ${notice.attempts} attempts, so we have stopped trying.`,
      '',
      `Check: ${notice.checkId}`,
      `Event (webhook-id): ${notice.eventId}`,
      `Receiving host: ${notice.host}`,
      `Given up at: ${notice.givenUpAt.toISOString()}`,
      '',
      'What to do: make sure your endpoint answers 2xx within 10 seconds, then resend the delivery from the',
      'dashboard, or fetch the result with GET /api/check/async/{check_id}. Results are kept 7 days after the check.',
      '',
      'This is the only e-mail of its kind today for this mode; other deliveries given up today are on the dashboard.',
    ].join('\n'),
  };
}
