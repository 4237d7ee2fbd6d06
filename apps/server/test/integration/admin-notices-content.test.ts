import { describe, expect, it } from 'vitest';
import { MSG_ADMIN } from '@partsmall/contract';
import { call, type TestServer } from '../helpers.js';
import { withStaffServer } from '../member-helpers.js';

/**
 * A notice shows something (docs/requirements.md#back-office): what is left after the HTML is
 * sanitised (docs/security.md#notice-html) holds a visible character or a picture the page can show.
 * A picture whose address the sanitiser took off is an empty `<img />`, and a zero-width space is no
 * text; either alone was saved as a blank notice, which could be published or shown as the popup.
 */
let server: TestServer;
let staff: string;
withStaffServer((s, token) => ([server, staff] = [s, token]));

const saveNotice = (content: string, seq?: number) =>
  call(
    server,
    'adminSaveNotice',
    { ...(seq ? { seq } : {}), type: 0, title: '테스트 공지', content, popup: false, published: false },
    { token: staff },
  );

describe('api/admin/saveNotice with nothing to show', () => {
  it.each([
    ['a picture of an svg data address', '<img src="data:image/svg+xml,<svg onload=alert(1)>">'],
    ['a picture of an address without a scheme', '<img src="//evil.com/x.png">'],
    // The pages load pictures over https only (the img-src of docs/security.md#headers).
    ['a picture of an http address', '<p><img src="http://cdn.partsmall.kr/notice/a.png" alt="안내"></p>'],
    ['a picture without an address', '<p><img alt="사진"></p>'],
    ['a zero-width space', '<p>\u200b</p>'],
    ['a Hangul filler', '<p>\u3164</p>'],
  ])('%s alone is 400 내용을 입력하세요.', async (_what, content) => {
    const res = await saveNotice(content);
    expect([res.status, res.body.message, res.body.field]).toEqual([400, MSG_ADMIN.contentRequired, 'content']);
  });

  it('of an http and an https picture, only the https one is kept', async () => {
    const made = await saveNotice(
      '<p>배송 안내</p><img src="http://cdn.partsmall.kr/notice/a.png"><img src="https://cdn.partsmall.kr/notice/b.png">',
    );
    expect([made.body.code, made.body.results?.content]).toEqual([
      201,
      '<p>배송 안내</p><img /><img src="https://cdn.partsmall.kr/notice/b.png" />',
    ]);
  });

  it('an edit to such content is refused too; a picture with its address is content', async () => {
    const made = await saveNotice('<p><img src="https://cdn.partsmall.kr/notice/a.png" alt="안내"></p>');
    expect([made.body.code, made.body.results?.content]).toEqual([
      201,
      '<p><img src="https://cdn.partsmall.kr/notice/a.png" alt="안내" /></p>',
    ]);
    const seq = made.body.results!.seq;
    const altFirst = await saveNotice('<img alt="안내" src="https://cdn.partsmall.kr/notice/b.png">');
    expect(altFirst.body.results?.content).toBe('<img alt="안내" src="https://cdn.partsmall.kr/notice/b.png" />');
    const edit = await saveNotice('<img src="//evil.com/x.png">', seq);
    expect([edit.status, edit.body.message]).toEqual([400, MSG_ADMIN.contentRequired]);
    expect((await call(server, 'adminNoticeDetail', { seq }, { token: staff })).body.results?.content).toBe(
      '<p><img src="https://cdn.partsmall.kr/notice/a.png" alt="안내" /></p>',
    );
  });
});

describe('api/admin/saveNotice with a picture of the shop itself', () => {
  it('stores a relative address from the shop root, so it shows on every page of the notice', async () => {
    const made = await saveNotice('<p>배송 안내</p><img src="uploads/notice/a.png" alt="안내">');
    expect([made.body.code, made.body.results?.content]).toEqual([
      201,
      '<p>배송 안내</p><img src="/uploads/notice/a.png" alt="안내" />',
    ]);
  });

  it('refuses a picture of the shop outside /uploads/, which no page could show, and saves nothing', async () => {
    const made = await saveNotice('<p>배송 안내</p><img src="https://cdn.partsmall.kr/notice/a.png">');
    const seq = made.body.results!.seq;
    const edit = await saveNotice('<p>배송 안내</p><img src="data/editor/a.jpg">', seq);
    expect([edit.status, edit.body.message, edit.body.field]).toEqual([
      400,
      MSG_ADMIN.noticeImageNotServed('/data/editor/a.jpg'),
      'content',
    ]);
    expect(MSG_ADMIN.noticeImageNotServed('/data/editor/a.jpg')).toBe(
      '공지 이미지 주소 /data/editor/a.jpg 에는 쇼핑몰이 보여 줄 파일이 없습니다. https:// 로 시작하는 주소나 쇼핑몰에 올린 파일(/uploads/…)의 주소를 넣으세요.',
    );
    expect((await call(server, 'adminNoticeDetail', { seq }, { token: staff })).body.results?.content).toBe(
      '<p>배송 안내</p><img src="https://cdn.partsmall.kr/notice/a.png" />',
    );
  });
});
