import { describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  decryptToken,
  encryptToken,
  hasToken,
  readName,
  readPhotoPath,
  readToken,
  saveSession,
  saveToken,
  storageKeys,
} from './token-storage';

describe('token storage', () => {
  it('keeps the token under __token, encrypted, and reads it back', async () => {
    await saveToken('secret-token-123');
    const stored = localStorage.getItem('__token');
    expect(stored).toBeTruthy();
    expect(stored).not.toContain('secret-token-123');
    expect(await readToken()).toBe('secret-token-123');
    expect(hasToken()).toBe(true);
  });

  it('seals the same token differently each time (random IV)', async () => {
    const a = await encryptToken('same');
    const b = await encryptToken('same');
    expect(a).not.toBe(b);
    expect(await decryptToken(a)).toBe('same');
    expect(await decryptToken(b)).toBe('same');
  });

  it("logs 'Decryption failed:' for garbage and still answers (an empty token)", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('__token', 'bm90IGEgcmVhbCB0b2tlbiBhdCBhbGw=');
    expect(await readToken()).toBe('');
    expect(log).toHaveBeenCalledWith('Decryption failed:', expect.anything());
  });

  it('logs for text that is not even base64', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('__token', '%%% not base64 %%%');
    expect(await readToken()).toBe('');
    expect(log).toHaveBeenCalledWith('Decryption failed:', expect.anything());
  });

  it('reads null when no token is stored', async () => {
    expect(await readToken()).toBeNull();
    expect(hasToken()).toBe(false);
  });

  it('stores the name and photo with the session and clears all three', async () => {
    await saveSession({ token: 't', first_name: 'Asha', last_name: 'Nair', profile_photo_path: 'photos/1.png' });
    expect(readName()).toBe('Asha Nair');
    expect(readPhotoPath()).toBe('photos/1.png');
    clearSession();
    for (const key of Object.values(storageKeys)) expect(localStorage.getItem(key)).toBeNull();
  });
});
