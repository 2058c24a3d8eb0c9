/** Letters and digits nobody misreads on a printed notice: no 0/O, 1/I/L. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 12 of 31 characters: about 59 bits, far past what the per-network guess limits let anyone try (decision 076). */
const LENGTH = 12;
/** The largest multiple of the alphabet's size below 256: bytes from it up are drawn again, so no letter is likelier. */
const UNBIASED_BELOW = 256 - (256 % ALPHABET.length);

/** A random offer code for a free or a school's code, from the browser's cryptographic generator, e.g. K7QMR2XD9PTA. */
export function randomOfferCode(): string {
  let code = '';
  const bytes = new Uint8Array(LENGTH * 2);
  while (code.length < LENGTH) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes)
      if (byte < UNBIASED_BELOW && code.length < LENGTH) code += ALPHABET[byte % ALPHABET.length];
  }
  return code;
}
