import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent (headers and body, quoted-printable as it came). */
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** How many deliveries were refused (451) so far. */
  refusals: () => number;
  /** Connections that broke mid-delivery (a client killed between MAIL FROM and the end of its message). */
  brokenConnections: Error[];
  close: () => Promise<void>;
}

/**
 * A real SMTP server (the smtp-server package) on 127.0.0.1 and a free port that keeps what it
 * receives; it answers the first `refuseFirst` deliveries with a 451, as a busy server would.
 */
export async function startSmtpServer(options: { refuseFirst?: number } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refused = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refused < (options.refuseFirst ?? 0)) {
          refused++;
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  // A client that dies mid-delivery (the crash test SIGKILLs the API while it sends a mail) resets its
  // connection; smtp-server reports that as an 'error' event, which without a listener would crash the
  // test process. A real mail server logs it and goes on serving: so does this one.
  const brokenConnections: Error[] = [];
  server.on('error', (error) => brokenConnections.push(error));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refusals: () => refused,
    brokenConnections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
