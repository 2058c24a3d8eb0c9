import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hash,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/**
 * SHA-256 in one call (`crypto.hash`): every authenticated request hashes its bearer token, and the
 * one-shot form takes about 0.25 µs against 0.6 µs for a createHash object.
 */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

function sha256(value: string): Buffer {
  return hash('sha256', value, 'buffer');
}

/**
 * Equality of a secret and a guess (tokens, signatures, OTP hashes) in constant time. Both are
 * hashed first so that the comparison takes the same time whatever their lengths, and a wrong
 * length is not told apart from a wrong content.
 */
export function secretsEqual(a: string, b: string): boolean {
  return timingSafeEqual(sha256(a), sha256(b));
}

/** Constant-time comparison of two hex signatures. */
export function signaturesMatch(expected: string, given: string | undefined | null): boolean {
  if (!given) return false;
  return secretsEqual(expected, given.trim().toLowerCase());
}

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A string of `length` characters drawn uniformly from `alphabet`. */
export function randomString(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export function randomDigits(length: number): string {
  return randomString('0123456789', length);
}

export function hmacHex(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

function keyFrom(secret: string, purpose: string): Buffer {
  return sha256(`${purpose}:${secret}`);
}

/** AES-256-GCM with a key derived from APP_SECRET; output is iv.tag.ciphertext in base64url. */
export function encryptText(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret, 'encrypt'), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function decryptText(secret: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('malformed ciphertext');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret, 'encrypt'), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
