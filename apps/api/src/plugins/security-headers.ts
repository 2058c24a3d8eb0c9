import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeaderSettings {
  isProduction: boolean;
  /** The bucket's origin when chapter files, videos and images are signed URLs on it (S3 storage). */
  storageOrigin: string | null;
}

/** helmet's options for this app: the Content-Security-Policy the web app needs, HSTS in production. */
export function helmetOptions(settings: SecurityHeaderSettings): HelmetOptions {
  const storageSrc = settings.storageOrigin ? [settings.storageOrigin] : [];
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // www.youtube.com: the IFrame Player API, through which YouTube chapters report how much was watched.
        scriptSrc: ["'self'", 'https://checkout.razorpay.com', 'https://www.youtube.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', ...storageSrc],
        frameSrc: [
          "'self'",
          'https://www.youtube.com',
          'https://www.youtube-nocookie.com',
          'https://api.razorpay.com',
          'https://checkout.razorpay.com',
          ...storageSrc,
        ],
        connectSrc: ["'self'", 'https://api.razorpay.com', 'https://lumberjack.razorpay.com', ...storageSrc],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: settings.isProduction ? [] : null,
      },
    },
    hsts: settings.isProduction,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets with these options, worked out once at boot: every directive is a fixed
 * string (no per-request nonce), so helmet would set the same values on every response. Running its
 * fourteen middlewares per request, each with Node's header validation, cost a sixth of /healthz's CPU.
 * Names are lower case, as Fastify keeps them.
 */
export function staticSecurityHeaders(settings: SecurityHeaderSettings): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(helmetOptions(settings))({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously: its headers cannot be computed once');
  return Object.freeze(headers);
}

/**
 * The headers of a JSON answer, after OWASP's REST Security Cheat Sheet: a JSON answer is never a
 * document, so helmet's document-only headers (the page's CSP, COOP, Origin-Agent-Cluster, DNS
 * prefetch, IE's download and XSS switches, Flash's cross-domain policy) tell the browser nothing;
 * it gets a CSP that allows nothing, is never framed, never sniffed, never read cross-origin, sends
 * no referrer and, in production, keeps HSTS. Six headers instead of thirteen: the API sends one on
 * nearly every answer, and Node checks and writes each header of each answer.
 */
export function jsonSecurityHeaders(
  documentHeaders: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const hsts = documentHeaders['strict-transport-security'];
  return Object.freeze({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  });
}

/** A JSON answer's media type (`application/json`, `application/problem+json`, with or without parameters). */
export function isJsonContentType(contentType: unknown): boolean {
  if (typeof contentType !== 'string') return false;
  const end = contentType.indexOf(';');
  const type = (end === -1 ? contentType : contentType.slice(0, end)).trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}
