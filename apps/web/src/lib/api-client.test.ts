import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, XSRF_VALUE } from '@/testing/mock-api';
import { api, ApiError, setAuthRedirects } from './api-client';
import { hasToken, saveToken } from './token-storage';

describe('api client', () => {
  it('sends the bearer token and, for writes, the XSRF cookie (fetched first when missing)', async () => {
    const server = mockApi({ 'POST /logout': ok(null, 'Logged out.') });
    await saveToken('abc');
    const response = await api.post('/logout');
    expect(response.message).toBe('Logged out.');
    const [call] = server.callsTo('POST', '/logout');
    expect(call?.headers.get('Authorization')).toBe('Bearer abc');
    expect(call?.headers.get('X-XSRF-TOKEN')).toBe(XSRF_VALUE);
  });

  it('sends no XSRF header on GET and no Authorization without a token', async () => {
    const server = mockApi({ 'GET /syllabus': ok([]) });
    await api.get('/syllabus');
    const [call] = server.callsTo('GET', '/syllabus');
    expect(call?.headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(call?.headers.has('Authorization')).toBe(false);
  });

  it('throws ApiError; a 422 shows its first field error', async () => {
    mockApi({
      'POST /login': fail(422, 'The given data was invalid.', {
        email: ['These credentials do not match our records.'],
      }),
    });
    const error = await api.post('/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).displayMessage).toBe('These credentials do not match our records.');
  });

  it('a 400 shows its message', async () => {
    mockApi({ 'POST /reference-user-validate': fail(400, 'Invalid referral code.') });
    const error = (await api.post('/reference-user-validate', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.displayMessage).toBe('Invalid referral code.');
  });

  it('401 clears the stored session and sends the learner to login; 417 to verify', async () => {
    const onUnauthorized = vi.fn();
    const onUnverified = vi.fn();
    setAuthRedirects({ onUnauthorized, onUnverified });
    mockApi({
      'GET /me': fail(401, 'Unauthenticated.'),
      'GET /level-status': fail(417, 'Your email address is not verified.'),
    });
    await saveToken('expired');
    await expect(api.get('/me')).rejects.toMatchObject({ status: 401 });
    expect(hasToken()).toBe(false);
    expect(onUnauthorized).toHaveBeenCalledOnce();
    await expect(api.get('/level-status')).rejects.toMatchObject({ status: 417 });
    expect(onUnverified).toHaveBeenCalledOnce();
  });
});
