import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.ts';

/** Reads from `socket` until a line starting with `code` arrives. */
function reply(socket: net.Socket, code: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.split('\r\n').some((line) => line.startsWith(`${code} `))) {
        socket.off('data', onData);
        resolve();
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

describe("the tests' SMTP server", () => {
  let smtp: TestSmtpServer | undefined;
  afterEach(() => smtp?.close());

  it('survives a client reset mid-delivery (as when the crash test SIGKILLs the API while it sends a mail) and keeps serving', async () => {
    smtp = await startSmtpServer();
    const { port } = new URL(smtp.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await reply(socket, '220');
    socket.write('EHLO client\r\n');
    await reply(socket, '250');
    socket.write('MAIL FROM:<learner@example.com>\r\n');
    await reply(socket, '250');
    socket.resetAndDestroy();

    await expect.poll(() => smtp!.brokenConnections.length).toBe(1);
    expect(smtp.brokenConnections[0]).toMatchObject({ code: 'ECONNRESET' });

    const next = net.connect(Number(port), '127.0.0.1');
    await reply(next, '220');
    next.end('QUIT\r\n');
  });
});
