import { request, type IncomingHttpHeaders, type RequestOptions } from 'node:http';

export interface Exchanged {
  status: number;
  /** The answer parsed as JSON, or its text when it is not JSON (kept for a failure message). */
  body: any;
  headers: IncomingHttpHeaders;
}

/**
 * One request over `node:http` (the reliability suites' clients: `fetch` costs about three times its CPU per request,
 * docs/benchmarks.md "Test time"). Rejects when the connection fails or is cut off, so a caller can retry.
 */
export function exchange(url: string | URL, options: RequestOptions, payload?: string | Buffer): Promise<Exchanged> {
  return new Promise((resolve, reject) => {
    const req = request(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}
