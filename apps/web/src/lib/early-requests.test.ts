import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { api } from './api-client';
import { recordRequest, startEarlyRequests } from './early-requests';
import { saveToken, storageKeys } from './token-storage';

const plans = () => JSON.parse(localStorage.getItem(storageKeys.earlyRequests) ?? 'null') as unknown;

function storePlan(page: string, language: string, paths: string[]) {
  localStorage.setItem(storageKeys.earlyRequests, JSON.stringify({ [page]: { language, paths } }));
}

afterEach(() => {
  delete window.__earlyRequests;
  vi.useRealTimers();
});

describe('early requests (decision 030)', () => {
  it("starts the page's noted reads with the stored token and language; the client takes them instead of asking again", async () => {
    const server = mockApi({ 'GET /me': ok({ id: 7 }), 'GET /ads': ok([]) });
    await saveToken('abc');
    storePlan(window.location.pathname, 'en', ['/me', '/ads']);
    startEarlyRequests();
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    const [early] = server.callsTo('GET', '/me');
    expect(early?.headers.get('Authorization')).toBe('Bearer abc');
    expect(early?.headers.get('Accept-Language')).toBe('en');

    expect((await api.get('/me')).data).toEqual({ id: 7 });
    expect((await api.get('/ads')).data).toEqual([]);
    expect(server.calls).toHaveLength(2);
    // Taken once: a later read asks the API.
    await api.get('/me');
    expect(server.callsTo('GET', '/me')).toHaveLength(2);
  });

  it('starts nothing without a stored session, or for another page', async () => {
    const server = mockApi({ 'GET /me': ok(null) });
    storePlan(window.location.pathname, 'en', ['/me']);
    startEarlyRequests();
    await saveToken('abc');
    storePlan('/somewhere-else', 'en', ['/me']);
    startEarlyRequests();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls).toHaveLength(0);
  });

  it('an early read in another language than the app now speaks is not used', async () => {
    const server = mockApi({ 'GET /me': ok(null) });
    await saveToken('abc');
    storePlan(window.location.pathname, 'hi', ['/me']);
    startEarlyRequests();
    await api.get('/me');
    const calls = server.callsTo('GET', '/me');
    expect(calls.map((call) => call.headers.get('Accept-Language'))).toEqual(['hi', 'en']);
  });

  it('a failed early read is asked again', async () => {
    let attempts = 0;
    mockApi({
      'GET /me': () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return ok({ id: 7 });
      },
    });
    await saveToken('abc');
    storePlan(window.location.pathname, 'en', ['/me']);
    startEarlyRequests();
    expect((await api.get('/me')).data).toEqual({ id: 7 });
    expect(attempts).toBe(2);
  });

  it("notes the signed-in GETs of the page's first reads, and saves them once those are over", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    mockApi({ 'GET /me': ok(null), 'GET /ads': ok(null), 'GET /wallet': ok(null), 'GET /syllabus': ok([]) });
    startEarlyRequests();
    await api.get('/syllabus');
    await saveToken('abc');
    await api.get('/me');
    await api.get('/ads');
    await api.get('/me');
    expect(plans()).toBeNull();
    await vi.advanceTimersByTimeAsync(2_500);
    // A read long after the first ones (a tap) is not the page's.
    await api.get('/wallet');
    expect(plans()).toEqual({ [window.location.pathname]: { language: 'en', paths: ['/me', '/ads'] } });
  });

  it('never notes a GET that does something (GET /send-email-otp mails a code)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    mockApi({ 'GET /me': ok(null), 'GET /send-email-otp': ok(null) });
    startEarlyRequests();
    await saveToken('abc');
    await api.get('/send-email-otp', { hasEffect: true });
    await api.get('/me');
    await vi.advanceTimersByTimeAsync(2_500);
    expect(plans()).toEqual({ [window.location.pathname]: { language: 'en', paths: ['/me'] } });
  });

  it('notes nothing on a page whose HTML did not start early reads', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    mockApi({ 'GET /me': ok(null) });
    await saveToken('abc');
    recordRequest('/me', 'en');
    await api.get('/me');
    await vi.advanceTimersByTimeAsync(2_500);
    expect(plans()).toBeNull();
  });
});
