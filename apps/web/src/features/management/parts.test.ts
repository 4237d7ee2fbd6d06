import { describe, expect, it } from 'vitest';
import { dateRangeForm, daysBefore, monthsBefore, rangeRequest } from './parts';

describe('quick date ranges (Asia/Seoul days)', () => {
  it('goes back whole days across a month end', () => {
    expect(daysBefore('2026-03-03', 6)).toBe('2026-02-25');
    expect(daysBefore('2026-01-01', 1)).toBe('2025-12-31');
  });

  it('goes back months and keeps the day inside a shorter month', () => {
    expect(monthsBefore('2026-05-15', 1)).toBe('2026-04-15');
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
    expect(monthsBefore('2026-02-10', 3)).toBe('2025-11-10');
  });
});

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
  it('searches by date when both dates are set', () => {
    expect(rangeRequest({ startDate: '2026-10-01', endDate: '2026-10-31', page: 2 })).toEqual({
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      searchType: 'date',
      page: 2,
      size: 15,
    });
  });

  it('lists all without a period', () => {
    expect(rangeRequest({ startDate: '', endDate: '', page: 1 })).toEqual({
      startDate: '',
      endDate: '',
      searchType: '',
      page: 1,
      size: 15,
    });
  });
});
