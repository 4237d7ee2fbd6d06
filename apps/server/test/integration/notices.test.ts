import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_SHOP, PAGE_SIZE } from '@partsmall/contract';
import { notices } from '../../src/db/schema.js';
import { createNotice } from '../../src/features/notices/service.js';
import { updateNotice } from '../../src/features/notices/repository.js';
import { DEMO_NOTICES } from '../../src/seed/notices.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';

interface Row {
  seq: number;
  type: number;
  title: string;
  content: string;
  created: string;
}
type Detail = Row;

const HANGUL = /[가-힣]/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const list = (payload: Record<string, unknown>) => call<Row[]>(server, 'POST', 'api/getMallNotice', payload);
const detail = (seq: unknown) => call<Detail>(server, 'POST', 'api/getMallNotice', { seq });

async function storedCount(type?: number): Promise<number> {
  const [row] = await server.db
    .select({ n: count() })
    .from(notices)
    .where(type === undefined ? undefined : eq(notices.type, type));
  return Number(row!.n);
}

/** Every stored notice, newest first, read page by page through the API. */
async function everyNotice(payload: Record<string, unknown> = {}): Promise<Row[]> {
  const out: Row[] = [];
  for (let page = 1; page < 50; page++) {
    const res = await list({ ...payload, page, size: PAGE_SIZE.notice });
    out.push(...res.body.results!);
    if (res.body.results!.length < PAGE_SIZE.notice) break;
  }
  return out;
}

describe('notice list', () => {
  it('pages 20 at a time with the total, newest first, and an empty page past the end', async () => {
    const total = await storedCount();
    expect(total).toBeGreaterThanOrEqual(25);
    const first = await list({ page: 1 });
    expect(first.status).toBe(200);
    expect(first.body.code).toBe(200);
    expect(first.body.total).toBe(total);
    expect(first.body.results).toHaveLength(PAGE_SIZE.notice);
    const row = first.body.results![0]!;
    expect(Object.keys(row).sort()).toEqual(['content', 'created', 'seq', 'title', 'type']);
    const second = await list({ page: 2, size: 20 });
    expect(second.body.total).toBe(total);
    expect(second.body.results).toHaveLength(total - 20);
    const all = [...first.body.results!, ...second.body.results!];
    expect(new Set(all.map((r) => r.seq)).size).toBe(total);
    const times = all.map((r) => Date.parse(r.created));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const beyond = await list({ page: 3, size: 20 });
    expect(beyond.status).toBe(200);
    expect(beyond.body.results).toEqual([]);
    expect(beyond.body.total).toBe(total);
    expect(beyond.body.message).toBe(MSG_SHOP.noInfo);
  });

  it("carries each notice's content: the original client's profile shows the latest 5 with no second call", async () => {
    // docs/requirements.md#entities, Notice: the profile page's detail panel reads the list row.
    const res = await call<Row[]>(
      server,
      'POST',
      'api/getMallNotice',
      { searchKeyword: '', searchType: '', page: 1, size: 5 },
      await loginAs(server, 'demo@partsmall.kr', 'demo1234'),
    );
    expect(res.body.code).toBe(200);
    expect(res.body.results).toHaveLength(5);
    for (const row of res.body.results!) {
      const d = await detail(row.seq);
      expect(row.content, row.title).toBe(d.body.results!.content);
      expect(row.content).toMatch(HANGUL);
    }
  });

  it('uses 20 when no size is sent and clamps a huge size to 100', async () => {
    const res = await list({});
    expect(res.body.results).toHaveLength(20);
    const big = await list({ size: 100_000 });
    expect(big.status).toBe(200);
    expect(big.body.results!.length).toBe(Math.min(await storedCount(), PAGE_SIZE.max));
  });

  it('filters by type 0, 2 and 3 and refuses other types in Korean', async () => {
    for (const type of [0, 2, 3]) {
      const rows = await everyNotice({ type });
      expect(rows.length).toBe(await storedCount(type));
      expect(rows.length).toBeGreaterThanOrEqual(DEMO_NOTICES.filter((n) => n.type === type).length);
      expect(rows.every((r) => r.type === type)).toBe(true);
    }
    const asText = await list({ type: '3' });
    expect(asText.body.total).toBe(await storedCount(3));
    for (const type of [1, 4, -1]) {
      const res = await list({ type });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG_SHOP.badNoticeType);
      expect(res.body.field).toBe('type');
    }
    // A type that is not a number at all gets the general Korean 400 (the contract gives the
    // number check no message of its own).
    for (const type of ['x', 1.5]) {
      const res = await list({ type });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(HANGUL);
      expect(res.body.field).toBe('type');
    }
  });

  it('searches titles, contents or both', async () => {
    const byTitle = await everyNotice({ searchType: 'title', searchKeyword: '반품' });
    const titled = DEMO_NOTICES.filter((n) => n.title.includes('반품'));
    expect(titled.length).toBeGreaterThanOrEqual(2);
    expect(byTitle.map((r) => r.title).sort()).toEqual(titled.map((n) => n.title).sort());

    // '경동' is in one title and in the contents of two notices.
    const inContent = DEMO_NOTICES.filter((n) => n.content.includes('경동')).map((n) => n.title);
    const inTitle = DEMO_NOTICES.filter((n) => n.title.includes('경동')).map((n) => n.title);
    expect(inContent.length).toBeGreaterThan(inTitle.length);
    const content = await everyNotice({ searchType: 'content', searchKeyword: '경동' });
    expect(content.map((r) => r.title).sort()).toEqual([...inContent].sort());
    const title = await everyNotice({ searchType: 'title', searchKeyword: '경동' });
    expect(title.map((r) => r.title)).toEqual(inTitle);
    const both = await everyNotice({ searchType: 'all', searchKeyword: '경동' });
    expect(both.map((r) => r.title).sort()).toEqual([...new Set([...inContent, ...inTitle])].sort());
  });

  it('searches the text a reader sees, not the HTML: tag names find nothing, an entity is its character', async () => {
    // The demo notices' markup holds <td>, <li>, <b>, <p> and '&gt;'; a reader sees none of them.
    for (const searchKeyword of ['td', 'li', 'p>', 'table', 'strong', '&gt;']) {
      const res = await list({ searchType: 'content', searchKeyword, page: 1, size: 3 });
      expect(res.status).toBe(200);
      expect(res.body.total, searchKeyword).toBe(0);
    }
    // 'b' is a tag in 25 demo notices, and a letter of the text of one ('벤츠·BMW·아우디').
    const b = await everyNotice({ searchType: 'content', searchKeyword: 'b' });
    expect(b.map((r) => r.title)).toEqual(['EPC 부품 카탈로그 차대번호 조회 오픈']);
    // '마이페이지 &gt; 보안번호' in the markup is '마이페이지 > 보안번호' on the screen.
    for (const searchType of ['content', 'all']) {
      const shown = await everyNotice({ searchType, searchKeyword: '마이페이지 > 보안번호' });
      expect(shown.map((r) => r.title).sort()).toEqual([
        '부계정 가입과 보안번호 사용 방법',
        '부계정 보안번호 관리 강화 안내',
      ]);
      const markup = await list({ searchType, searchKeyword: '마이페이지 &gt; 보안번호' });
      expect(markup.body.total).toBe(0);
    }
  });

  it('combines the type filter with the search, and trims the keyword', async () => {
    const res = await everyNotice({ searchType: 'all', searchKeyword: '  반품  ', type: 3 });
    expect(res.length).toBeGreaterThan(0);
    expect(res.every((r) => r.type === 3)).toBe(true);
    const expected = DEMO_NOTICES.filter(
      (n) => n.type === 3 && (n.title.includes('반품') || n.content.includes('반품')),
    );
    expect(res.length).toBe(expected.length);
    const blank = await list({ searchType: 'title', searchKeyword: '   ' });
    expect(blank.body.total).toBe(await storedCount());
  });

  it('finds nothing, with the Korean empty message, for a word no notice has', async () => {
    const res = await list({ searchType: 'all', searchKeyword: '존재하지않는검색어' });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([]);
    expect(res.body.total).toBe(0);
    expect(res.body.message).toBe(MSG_SHOP.noInfo);
  });

  it('treats SQL-looking keywords and LIKE wildcards as plain text', async () => {
    for (const searchKeyword of ["' or 1=1 --", "'; drop table notices; --", '%', '_', '\\', '%%%']) {
      for (const searchType of ['title', 'all']) {
        const res = await list({ searchType, searchKeyword });
        expect(res.status).toBe(200);
        const expected = DEMO_NOTICES.filter(
          (n) => n.title.includes(searchKeyword) || (searchType === 'all' && n.content.includes(searchKeyword)),
        );
        expect(res.body.total, `${searchType} ${searchKeyword}`).toBe(expected.length);
      }
    }
    // One notice speaks of a 3% fee: '%' finds exactly that one in contents.
    const percent = await everyNotice({ searchType: 'content', searchKeyword: '3%' });
    expect(percent.map((r) => r.title)).toEqual(
      DEMO_NOTICES.filter((n) => n.content.includes('3%')).map((n) => n.title),
    );
    expect(percent.length).toBe(1);
    expect(await storedCount()).toBeGreaterThanOrEqual(25);
  });

  it('refuses a 10,000-character keyword with a Korean 400', async () => {
    const res = await list({ searchType: 'title', searchKeyword: '가'.repeat(10_000) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.message).toBe(MSG_SHOP.keywordTooLong);
    expect(res.body.field).toBe('searchKeyword');
  });

  it('refuses bad page numbers and search types in Korean', async () => {
    for (const page of [0, -1, 1.5, 'abc', 1_000_000]) {
      const res = await list({ page });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG_SHOP.badPage);
    }
    const res = await list({ searchType: 'sql', searchKeyword: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(HANGUL);
    expect(res.body.field).toBe('searchType');
  });
});

describe('notice detail', () => {
  it('answers seq, type, title, content and created', async () => {
    const row = (await everyNotice({ searchType: 'title', searchKeyword: '반품·교환 규정 안내' }))[0]!;
    const res = await detail(row.seq);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    const d = res.body.results!;
    expect(Object.keys(d).sort()).toEqual(['content', 'created', 'seq', 'title', 'type']);
    expect(d).toMatchObject({ seq: row.seq, type: 2, title: '반품·교환 규정 안내', created: row.created });
    expect(d.content).toContain('출고 완료 후 20일 이내');
    expect(d.content).toContain('<table>');
    const asText = await detail(String(row.seq));
    expect(asText.body.results!.seq).toBe(row.seq);
  });

  it('answers 404 in Korean for an id no notice has', async () => {
    for (const seq of [999_999, 2_147_483_647]) {
      const res = await detail(seq);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(404);
      expect(res.body.message).toBe(MSG_SHOP.noticeNotFound);
    }
  });

  it('answers 400 in Korean, never 500, for negative, zero, huge, fractional and non-numeric ids', async () => {
    for (const seq of [
      -1,
      0,
      1.5,
      2_147_483_648,
      99_999_999_999,
      1e308,
      'abc',
      '1; drop table notices',
      '',
      null,
      {},
      'NaN',
    ]) {
      const res = await detail(seq);
      expect(res.status, JSON.stringify(seq)).toBe(400);
      expect(res.body.code).toBe(400);
      expect(res.body.message).toMatch(HANGUL);
      expect(res.body.field).toBe('seq');
    }
    expect(await storedCount()).toBeGreaterThanOrEqual(25);
  });

  it('answers 400 in Korean for a body that is not JSON', async () => {
    const res = await fetch(`${server.base}/api/getMallNotice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"seq": 1',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: number; message: string };
    expect(body.message).toBe(MSG.badRequest);
  });
});

describe('notice HTML', () => {
  const hostile = [
    '<p onclick="alert(1)">배송 안내 본문</p>',
    '<script>alert(document.cookie)</script>',
    '<img src="https://img.partsmall.kr/a.png" onerror="alert(2)" alt="그림">',
    '<a href="javascript:alert(3)">나쁜 링크</a>',
    '<a href="JaVaScRiPt:alert(4)">대소문자 링크</a>',
    '<a href="https://partsmall.kr/guide" onmouseover="steal()">정상 링크</a>',
    '<div style="background:url(javascript:alert(5))" onload="x()">스타일</div>',
    '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
    '<svg onload="alert(6)"><circle r="4"/></svg>',
  ].join('');

  function expectClean(content: string) {
    expect(content).toContain('배송 안내 본문');
    expect(content).toContain('정상 링크');
    expect(content).toContain('href="https://partsmall.kr/guide"');
    expect(content).toContain('rel="noopener noreferrer"');
    expect(content).toContain('src="https://img.partsmall.kr/a.png"');
    const lower = content.toLowerCase();
    for (const bad of [
      '<script',
      'onerror',
      'onclick',
      'onmouseover',
      'onload',
      'javascript:',
      '<iframe',
      '<style',
      'style=',
      '<svg',
      'alert(',
    ]) {
      expect(lower, bad).not.toContain(bad);
    }
  }

  it('strips scripts, event handlers and javascript: links from a notice made with createNotice()', async () => {
    const seq = await createNotice(server.db, { type: 0, title: '보안 점검용 공지', content: hostile });
    const res = await detail(seq);
    expect(res.status).toBe(200);
    expectClean(res.body.results!.content);
    const [stored] = await server.db.select({ content: notices.content }).from(notices).where(eq(notices.id, seq));
    expectClean(stored!.content);
    const listed = await list({ searchType: 'title', searchKeyword: '보안 점검용' });
    expect(listed.body.results!.map((r) => r.seq)).toEqual([seq]);
    expect(JSON.stringify(listed.body.results)).not.toContain('script');
  });

  it('searches a saved and an edited notice by what it shows: words across inline tags, not across cells', async () => {
    const seq = await createNotice(server.db, {
      type: 0,
      title: '표시 글자 검색 공지',
      content:
        '<p>주문 <b>취소</b>는 <i>당일</i>에만&nbsp;됩니다.</p><table><tr><td>가나</td><td>다라</td></tr></table><p>A&amp;B 상사</p>',
    });
    const found = async (searchKeyword: string) =>
      (await everyNotice({ searchType: 'content', searchKeyword })).map((r) => r.seq).includes(seq);
    expect(await found('주문 취소는 당일에만 됩니다')).toBe(true);
    expect(await found('주문  취소는\t당일에만')).toBe(true);
    expect(await found('A&B 상사')).toBe(true);
    expect(await found('가나')).toBe(true);
    expect(await found('가나다라')).toBe(false);
    expect(await found('amp')).toBe(false);
    expect(await found('nbsp')).toBe(false);
    // The back office's edit (notices/repository.ts) changes what a search finds.
    await server.db.transaction((tx) =>
      updateNotice(tx, seq, {
        type: 0,
        title: '표시 글자 검색 공지',
        content: '<p>입고 <b>지연</b> 안내</p>',
        popup: false,
        published: true,
      }),
    );
    expect(await found('입고 지연')).toBe(true);
    expect(await found('주문 취소')).toBe(false);
  });

  it('cleans a row written around createNotice() on the way out too', async () => {
    const [row] = await server.db
      .insert(notices)
      .values({ type: 2, title: '직접 입력된 공지', content: hostile })
      .returning({ id: notices.id });
    const res = await detail(row!.id);
    expect(res.status).toBe(200);
    expectClean(res.body.results!.content);
    const listed = await list({ searchType: 'title', searchKeyword: '직접 입력된 공지' });
    expect(listed.body.results!.map((r) => r.seq)).toEqual([row!.id]);
    expectClean(listed.body.results![0]!.content);
  });
});
