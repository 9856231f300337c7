import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  readonly from: string;
  readonly to: readonly string[];
  /** The raw message (headers and body). */
  readonly raw: string;
}

export interface TestSmtpServer {
  readonly url: string;
  readonly mails: CapturedMail[];
  /** The next message is refused (550) after its data, as a mail server that rejects it would. */
  refuseNext(): void;
  close(): Promise<void>;
}

/** A local SMTP server (the smtp-server package) that keeps every message it is given. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const mails: CapturedMail[] = [];
  let refuse = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuse) {
          refuse = false;
          const refusal = Object.assign(new Error('Message refused by the test server'), {
            responseCode: 550,
          });
          callback(refusal);
          return;
        }
        const from = session.envelope.mailFrom;
        mails.push({
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuseNext: () => {
      refuse = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
