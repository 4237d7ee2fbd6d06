import { describe, expect, it, vi } from 'vitest';
import { memberUser, resetApiClientPerTest, stubFetch } from '../../test/api-mock';
import { ApiError, TokenExpiredError, api, fieldOf, messageOf, setUnauthorizedHandler, type Payload } from './api';
import { session } from './session';
import { T } from './texts';

const user = memberUser();

/** The fetch the client sees: one answer, and what it was asked. */
const answer = (status: number, body: unknown) =>
  stubFetch(() => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

resetApiClientPerTest();

describe('the API client: envelope in, data or a typed error out', () => {
  it('resolves an accepted answer with its results, posting JSON with the token', async () => {
    session.login('tok-1', user);
    const fetch = answer(200, { code: 200, message: '', results: { id: 'other@partsmall.kr' } });
    const got = await api('chatFileLink', { seq: 7 });
    expect((got.results as unknown as { id: string }).id).toBe('other@partsmall.kr');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/chatFileLink');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"seq":7}');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
  });

  it('puts a GET payload in the query and leaves out what is undefined', async () => {
    const fetch = answer(200, { code: 200, message: '' });
    // Fields beyond the call's are a type error; the cast checks what the client does with them anyway.
    await api('checkLicense', { license: '1234567891', page: 2, none: undefined } as Payload<'checkLicense'>);
    expect(fetch.mock.calls[0]![0]).toBe('/api/checkLicense?license=1234567891&page=2');
    expect(fetch.mock.calls[0]![1].body).toBeUndefined();
  });

  it('throws the Korean message of a code outside the accepted ones, even on HTTP 200', async () => {
    answer(200, { code: 400, message: '이미 가입된 사업자입니다.' });
    const error = await api('checkLicense', { license: '1234567891' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: '이미 가입된 사업자입니다.', code: 400, status: 200 });
  });

  it('accepts the original codes a call names (checkLicense: 200 new, 400 existing)', async () => {
    answer(200, { code: 400, message: '이미 가입된 사업자입니다.' });
    const got = await api('checkLicense', { license: '1234567891' }, { accept: [200, 400] });
    expect(got.code).toBe(400);
  });

  it('refuses an accepted code that came with an HTTP error, and names the field of a 400', async () => {
    answer(400, { code: 400, message: '휴대폰 번호는 숫자 11자리입니다.', field: 'phone' });
    const error = await api('mobileVerification', { phone: '0101', authType: 'message' }, { accept: [200, 400] }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 400, status: 400, field: 'phone' });
    expect(fieldOf(error, ['phone', 'authCode'])).toBe('phone');
    expect(fieldOf(error, ['authCode'])).toBeNull();
  });

  it('keeps the request id of a fault so that a user can quote it', async () => {
    answer(500, { code: 500, message: '일시적인 오류가 발생했습니다.', requestId: 'req-42' });
    const error = await api('join', {} as Payload<'join'>).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, requestId: 'req-42' });
    expect(messageOf(error)).toBe('일시적인 오류가 발생했습니다.');
  });

  it('on HTTP 401 with a token: clears the session, moves to login, and rejects as token expired', async () => {
    session.login('tok-old', user);
    vi.stubGlobal('location', { pathname: '/mobileManagement', search: '?menu=editMyInfo' });
    const moved = vi.fn(() => session.get());
    setUnauthorizedHandler(moved);
    answer(401, { code: 401, message: '로그인이 필요합니다.' });
    const error = await api('getMallCartInfo', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenExpiredError);
    expect(messageOf(error)).toBe(T.common.tokenExpired);
    expect(session.get().token).toBeNull();
    expect(moved).toHaveBeenCalledTimes(1);
    // The session ended as expired on the open screen before the frame was told: the routing guard
    // sends that screen to login, not home as after a logout (docs/requirements.md#accounts-and-sessions).
    expect(moved.mock.results[0]!.value).toMatchObject({ token: null, expiredOn: '/mobileManagement?menu=editMyInfo' });
    expect(session.get().expiredOn).toBe('/mobileManagement?menu=editMyInfo');
    // The next login, or a logout, forgets it.
    session.login('tok-new', user);
    expect(session.get().expiredOn).toBeNull();
    session.expire('/cart');
    session.clear();
    expect(session.get().expiredOn).toBeNull();
  });

  it('on HTTP 401 without a token: the server message, and no move (a visitor was never logged in)', async () => {
    const moved = vi.fn();
    setUnauthorizedHandler(moved);
    answer(401, { code: 401, message: '아이디 또는 비밀번호가 일치하지 않습니다.' });
    const error = await api('login', { id: 'x@y.kr', pw: 'wrong' }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(TokenExpiredError);
    expect(error).toMatchObject({ message: '아이디 또는 비밀번호가 일치하지 않습니다.', status: 401 });
    expect(moved).not.toHaveBeenCalled();
  });

  it('turns a network failure and a body that is not an envelope into the network message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const offline = await api('logout').catch((e: unknown) => e);
    expect(offline).toMatchObject({ message: T.common.networkError, code: 0, status: 0 });

    answer(502, '<html>Bad Gateway</html>');
    const proxy = await api('logout').catch((e: unknown) => e);
    expect(proxy).toMatchObject({ message: T.common.networkError, status: 502 });
    expect(messageOf(new Error('anything else'))).toBe(T.common.networkError);
  });
});
