import type { AuthData } from '@app/contracts';
import { env } from '@/config/env';

/**
 * What the app keeps in localStorage (docs/product/app-shell.md#token-storage): the token, encrypted with AES-GCM under
 * the build-time key, the learner's name and the profile photo path.
 */
export const storageKeys = {
  token: '__token',
  name: '__name',
  photo: '__profile_photo_path',
  /** The learner's last-seen pages (lib/query-persistence.ts, decision 029). */
  pages: '__pages',
  /** The signed-in learner's referral code, from their last GET /me (lib/learner-storage.ts, decision 058). */
  learner: '__learner',
} as const;

const IV_BYTES = 12;
let cipherKey: Promise<CryptoKey> | undefined;

function getCipherKey(): Promise<CryptoKey> {
  // SHA-256 turns the configured secret, whatever its length, into a 256-bit AES key.
  cipherKey ??= crypto.subtle
    .digest('SHA-256', new TextEncoder().encode(env.tokenKey))
    .then((hash) => crypto.subtle.importKey('raw', hash, 'AES-GCM', false, ['encrypt', 'decrypt']));
  return cipherKey;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** base64(iv ‖ ciphertext ‖ tag) */
export async function encryptToken(token: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await getCipherKey(),
    new TextEncoder().encode(token),
  );
  const out = new Uint8Array(IV_BYTES + sealed.byteLength);
  out.set(iv);
  out.set(new Uint8Array(sealed), IV_BYTES);
  return toBase64(out);
}

/** Throws when the text was not sealed with this key (or was tampered with). */
export async function decryptToken(stored: string): Promise<string> {
  const bytes = fromBase64(stored);
  if (bytes.length <= IV_BYTES) throw new Error('The stored token is too short.');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES) },
    await getCipherKey(),
    bytes.slice(IV_BYTES),
  );
  return new TextDecoder().decode(plain);
}

export async function saveToken(token: string): Promise<void> {
  localStorage.setItem(storageKeys.token, await encryptToken(token));
}

/**
 * The token for the Authorization header: null when none is stored. A token that cannot be
 * decrypted is logged and read as '' (the spec still sends the header; the server answers 401).
 */
export async function readToken(): Promise<string | null> {
  const stored = localStorage.getItem(storageKeys.token);
  if (stored === null) return null;
  try {
    return await decryptToken(stored);
  } catch (error) {
    console.error('Decryption failed:', error);
    return '';
  }
}

export function hasToken(): boolean {
  return localStorage.getItem(storageKeys.token) !== null;
}

export interface StoredProfile {
  first_name: string;
  last_name: string;
  profile_photo_path: string | null;
}

export function saveProfile(profile: StoredProfile): void {
  localStorage.setItem(storageKeys.name, `${profile.first_name} ${profile.last_name}`.trim());
  if (profile.profile_photo_path) localStorage.setItem(storageKeys.photo, profile.profile_photo_path);
  else localStorage.removeItem(storageKeys.photo);
}

export function readName(): string | null {
  return localStorage.getItem(storageKeys.name);
}

export function readPhotoPath(): string | null {
  return localStorage.getItem(storageKeys.photo);
}

/** After login or registration: token, name and photo (docs/product/app-shell.md#token-storage). */
export async function saveSession(data: AuthData): Promise<void> {
  await saveToken(data.token);
  saveProfile(data);
}

/** Logout and 401: the stored name, token, photo, kept pages and learner's code go. */
export function clearSession(): void {
  for (const key of Object.values(storageKeys)) localStorage.removeItem(key);
}
