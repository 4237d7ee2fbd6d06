// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRow } from '@partsmall/contract';
import { session } from '../../shared/session';
import StaffPage from './StaffPage';
import { renderScreen } from '../../../test/render-screen';
import { jsonAnswer, staffUser } from '../../../test/api-mock';

/**
 * 직원 계정 (docs/requirements.md#sub-accounts: nobody stops or resets their own account): the admin's own
 * row offers neither 비밀번호 초기화 nor 정지, and says why; another account's row offers both.
 */
const row = (seq: number, id: string, name: string): StaffRow => ({
  seq,
  id,
  name,
  phone: '01012345678',
  role: 'admin',
  status: 'active',
  created: '2025-01-02T00:00:00.000Z',
});
const rows = [row(5, 'admin@partsmall.kr', '관리자'), row(6, 'staff@partsmall.kr', '상담원')];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonAnswer({ code: 200, results: rows, total: rows.length })),
  );
  session.login('tok-admin', staffUser('admin', { seq: 5, phone: '01012345678' }));
});
afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
});

const buttonsOf = async (id: string) => {
  const cell = await screen.findByRole('cell', { name: id });
  return within(cell.closest('tr')!).getAllByRole('button');
};

describe('직원 계정 rows', () => {
  it("the admin's own row has 비밀번호 초기화 and 정지 disabled, each saying why", async () => {
    renderScreen(<StaffPage />, new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    const own = await buttonsOf('admin@partsmall.kr');
    expect(own.map((b) => [b.textContent, (b as HTMLButtonElement).disabled, b.title])).toEqual([
      ['비밀번호 초기화', true, '자기 계정의 비밀번호는 초기화할 수 없습니다. 다른 관리자에게 요청하세요.'],
      ['정지', true, '자기 계정은 정지할 수 없습니다.'],
    ]);
    const other = await buttonsOf('staff@partsmall.kr');
    expect(other.map((b) => [b.textContent, (b as HTMLButtonElement).disabled])).toEqual([
      ['비밀번호 초기화', false],
      ['정지', false],
    ]);
  });
});
