import { describe, expect, it } from 'vitest';
import { dateRangeForm, rangeRequest } from './date-range';

describe('date-range search', () => {
  const issue = (v: { startDate: string; endDate: string }) =>
    dateRangeForm.safeParse(v).error?.issues[0]?.message ?? null;
  it('needs both dates, in order', () => {
    expect(issue({ startDate: '', endDate: '2026-11-21' })).toBe('날짜구간을 지정하세요.');
    expect(issue({ startDate: '2026-11-21', endDate: '' })).toBe('날짜구간을 지정하세요.');
    expect(issue({ startDate: '2026-11-22', endDate: '2026-11-21' })).toMatch(/^시작일이 종료일보다 늦습니다/);
    expect(issue({ startDate: '2026-11-21', endDate: '2026-11-21' })).toBeNull();
  });
});

describe('date-range list request', () => {
  it('searches by date when both dates are set, and lists all without a period (15 a page)', () => {
    const october = { startDate: '2026-10-01', endDate: '2026-10-31' };
    expect(rangeRequest({ ...october, page: 2 })).toEqual({ ...october, searchType: 'date', page: 2, size: 15 });
    expect(rangeRequest({ startDate: '', endDate: '', page: 1 })).toEqual({
      startDate: '',
      endDate: '',
      searchType: '',
      page: 1,
      size: 15,
    });
  });
});
