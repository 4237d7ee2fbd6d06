import { describe, expect, it } from 'vitest';
import { MSG_ADMIN } from '@partsmall/contract';
import { call, type TestServer } from '../helpers.js';
import { withStaffServer } from '../member-helpers.js';

/**
 * Two staff members editing one notice (docs/requirements.md#back-office): each save names the `ver`
 * its form was read at, and a save of a copy older than the stored notice is refused, so that the
 * other's edit is never silently undone. A save without `ver` (an older client) is taken as before.
 */
let server: TestServer;
let staff: string;
withStaffServer((s, token) => ([server, staff] = [s, token]));

interface Notice {
  seq: number;
  type: 0 | 2 | 3;
  title: string;
  content: string;
  popup: boolean;
  published: boolean;
  ver: number;
}

const save = (body: Record<string, unknown>) =>
  call(server, 'adminSaveNotice', body as never, { token: staff }) as Promise<{
    status: number;
    body: { code: number; message: string; field?: string; results?: Notice };
  }>;
const detail = async (seq: number) =>
  (await call(server, 'adminNoticeDetail', { seq }, { token: staff })).body.results as unknown as Notice;

const fields = (n: Notice) => ({
  seq: n.seq,
  type: n.type,
  title: n.title,
  content: n.content,
  popup: n.popup,
  published: n.published,
  ver: n.ver,
});

describe('api/admin/saveNotice over another staff member’s edit', () => {
  it('refuses the save of a stale copy with 409 and the reload message, and keeps the other edit', async () => {
    const made = await save({
      type: 0,
      title: '연말 배송 일정 안내',
      content: '<p>12월 31일 휴무</p>',
      published: true,
    });
    expect(made.body.code).toBe(201);
    const read = await detail(made.body.results!.seq);
    expect(read.ver).toBe(made.body.results!.ver);

    // Another staff member corrects the notice first.
    const other = await save({
      ...fields(read),
      title: '연말 배송 일정 안내 (수정)',
      content: '<p>12월 31일 정상 출고</p>',
    });
    expect(other.body.code).toBe(201);
    expect(other.body.results!.ver).not.toBe(read.ver);

    // The first one, still on the copy read before, takes it down.
    const stale = await save({ ...fields(read), published: false });
    expect([stale.status, stale.body.code, stale.body.message, stale.body.field]).toEqual([
      409,
      409,
      '다른 직원이 먼저 이 공지를 수정했습니다. 새로고침해 바뀐 내용을 확인한 뒤 다시 저장하세요.',
      'ver',
    ]);
    const kept = await detail(read.seq);
    expect([kept.title, kept.content, kept.published]).toEqual([
      '연말 배송 일정 안내 (수정)',
      '<p>12월 31일 정상 출고</p>',
      true,
    ]);

    // Read again, the same change goes through and touches nothing else.
    const fresh = await save({ ...fields(kept), published: false });
    expect(fresh.body.code).toBe(201);
    expect(await detail(read.seq)).toMatchObject({
      title: '연말 배송 일정 안내 (수정)',
      content: '<p>12월 31일 정상 출고</p>',
      published: false,
    });
  });

  it('takes a save without ver as before (older clients)', async () => {
    const made = await save({ type: 2, title: '이용 안내', content: '<p>안내</p>' });
    const { ver: _ver, ...withoutVer } = fields(made.body.results!);
    const edit = await save({ ...withoutVer, title: '이용 안내 (개정)' });
    expect([edit.body.code, edit.body.results?.title]).toEqual([201, '이용 안내 (개정)']);
  });

  it('a content over 200,000 characters is refused with its length, on the content field', async () => {
    const res = await save({ type: 0, title: '긴 공지', content: `<p>${'가'.repeat(200_000)}</p>` });
    expect([res.status, res.body.message, res.body.field]).toEqual([
      400,
      '내용이 너무 깁니다. 서식을 포함해 200,000자 이내로 줄이거나 공지를 나누어 올리세요.',
      'content',
    ]);
    expect(MSG_ADMIN.contentTooLong).toBe(res.body.message);
  });
});
