import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Proxy {
  url: string;
  close: () => Promise<void>;
}

/** The header on every answer naming the upstream that served it (its base URL). */
export const UPSTREAM_HEADER = 'x-upstream';

/**
 * A tiny reverse proxy for the multi-instance test, standing in for nginx or a cloud load balancer:
 * each request goes to the next upstream in turn (round robin, no stickiness), with the address it
 * came from appended to X-Forwarded-For (nginx's $proxy_add_x_forwarded_for) and X-Forwarded-Proto
 * and -Host set. The servers behind it run with TRUST_PROXY=1, so they see the client's address,
 * not the proxy's. An upstream that cannot be reached is a 502, as a real proxy answers.
 */
export async function startProxy(upstreams: string[]): Promise<Proxy> {
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;

  const server = http.createServer((req, res) => {
    const upstream = upstreams[next++ % upstreams.length]!;
    const target = new URL(req.url ?? '/', upstream);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const outgoing = http.request(
      target,
      {
        method: req.method,
        agent,
        headers: {
          ...req.headers,
          'x-forwarded-for': forwardedFor,
          'x-forwarded-proto': 'http',
          'x-forwarded-host': req.headers.host ?? '',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, [UPSTREAM_HEADER]: upstream });
        answer.pipe(res);
      },
    );
    outgoing.on('error', () => {
      if (res.headersSent) return res.destroy();
      res.writeHead(502, { 'content-type': 'application/json', [UPSTREAM_HEADER]: upstream });
      res.end(JSON.stringify({ status: false, message: 'Bad gateway.' }));
    });
    req.pipe(outgoing);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
