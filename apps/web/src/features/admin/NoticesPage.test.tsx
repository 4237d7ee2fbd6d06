// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminNotice } from '@partsmall/contract';
import NoticesPage from './NoticesPage';
import { renderScreen } from '../../../test/render-screen';
import { jsonAnswer } from '../../../test/api-mock';

/**
 * 게시 내리기/게시하기 on the notice list (docs/requirements.md#back-office): it changes the publish state of the
 * notice as stored now, never puts back the title and text the list read before another staff member's
 * edit; a save the server refuses as stale tells staff to reload.
 */
const listed: AdminNotice = {
  seq: 7,
  type: 0,
  title: '연말 배송 일정 안내',
  content: '<p>12월 31일 휴무</p>',
  popup: true,
  published: true,
  created: '2026-12-20T01:00:00.000Z',
  ver: 11,
};
const edited: AdminNotice = {
  ...listed,
  title: '연말 배송 일정 안내 (수정)',
  content: '<p>12월 31일 정상 출고</p>',
  ver: 12,
};

let sent: { url: string; body: Record<string, unknown> }[];
let saveAnswer: () => Response;
beforeEach(() => {
  sent = [];
  saveAnswer = () => jsonAnswer({ code: 201, message: '저장되었습니다.', results: { ...edited, published: false } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      sent.push({ url, body });
      if (url.endsWith('/noticeList')) return jsonAnswer({ code: 200, results: [listed], total: 1 });
      if (url.endsWith('/noticeDetail')) return jsonAnswer({ code: 200, results: edited });
      return saveAnswer();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const takeDown = async () => {
  renderScreen(<NoticesPage />, new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const cell = await screen.findByRole('cell', { name: listed.title });
  fireEvent.click(within(cell.closest('tr')!).getByRole('button', { name: '게시 내리기' }));
};

describe('게시 내리기 on the notice list', () => {
  it('saves the notice as stored now with only its publish state changed, and its ver', async () => {
    await takeDown();
    await waitFor(() => expect(sent.some((s) => s.url.endsWith('/saveNotice'))).toBe(true));
    expect(sent.find((s) => s.url.endsWith('/saveNotice'))!.body).toEqual({
      seq: 7,
      type: 0,
      title: '연말 배송 일정 안내 (수정)',
      content: '<p>12월 31일 정상 출고</p>',
      popup: true,
      published: false,
      ver: 12,
    });
    expect(await screen.findByText('게시를 내렸습니다.')).toBeTruthy();
  });

  it('shows the reload message when the server refuses the save as stale', async () => {
    const stale = '다른 직원이 먼저 이 공지를 수정했습니다. 새로고침해 바뀐 내용을 확인한 뒤 다시 저장하세요.';
    saveAnswer = () => jsonAnswer({ code: 409, message: stale, field: 'ver' }, 409);
    await takeDown();
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText(stale)).toBeTruthy();
  });
});

describe('수정 of a notice', () => {
  it('saves with the ver the form was read at', async () => {
    renderScreen(<NoticesPage />, new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    const cell = await screen.findByRole('cell', { name: listed.title });
    fireEvent.click(within(cell.closest('tr')!).getByRole('button', { name: '수정' }));
    const dialog = await screen.findByRole('dialog', { name: '공지 수정 #7' });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(sent.some((s) => s.url.endsWith('/saveNotice'))).toBe(true));
    expect(sent.find((s) => s.url.endsWith('/saveNotice'))!.body).toMatchObject({
      seq: 7,
      title: '연말 배송 일정 안내',
      ver: 11,
    });
  });
});
