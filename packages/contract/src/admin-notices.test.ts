import { describe, expect, it } from 'vitest';
import { saveNoticeRequest } from './admin-notices.js';

/** A notice's save (docs/requirements.md#back-office): its length limit says so, its `ver` is optional. */
const notice = { type: 0, title: '연말 배송 일정 안내', content: '<p>안내</p>' };
const messages = (body: unknown) => {
  const r = saveNoticeRequest.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('saveNoticeRequest', () => {
  it('a content over 200,000 characters says how long it may be, on the content', () => {
    expect(messages({ ...notice, content: `<p>${'가'.repeat(199_993)}</p>` })).toEqual([]);
    expect(messages({ ...notice, content: `<p>${'가'.repeat(199_994)}</p>` })).toEqual([
      'content: 내용이 너무 깁니다. 서식을 포함해 200,000자 이내로 줄이거나 공지를 나누어 올리세요.',
    ]);
  });

  it('takes a save with or without the ver it was read at', () => {
    expect(saveNoticeRequest.parse({ ...notice, seq: 3 }).ver).toBeUndefined();
    expect(saveNoticeRequest.parse({ ...notice, seq: 3, ver: 2_147_483_647 }).ver).toBe(2_147_483_647);
    expect(messages({ ...notice, seq: 3, ver: -1 })).toEqual(['ver: 요청 형식이 올바르지 않습니다.']);
  });
});
