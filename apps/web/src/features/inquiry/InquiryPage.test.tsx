// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MallConfig } from '@partsmall/contract';
import { mallConfigQuery } from '../../shared/mall-config';
import { InquiryPage } from './InquiryPage';
import { renderScreen } from '../../../test/render-screen';
import { jsonAnswer } from '../../../test/api-mock';

/**
 * The inquiry page's side panel gives the shop's own phone, mail and hours: those of the shop
 * settings (mallBottom), as the footer under it does, never a time written into the page.
 */
const config = {
  ver: 3,
  mallBottom: {
    companyName: '(주)파츠몰코리아',
    license: '2148812345',
    mailOrderLicense: '제2026-서울강남-01234호',
    ceo: '김도윤',
    privacyOfficer: '이서연',
    mail: 'help@partsmall.kr',
    fax: '0234567891',
    address: '서울특별시 강남구 테헤란로 123',
    phone: '15881234',
    hours: '평일 09:30~17:30 (주말·공휴일 휴무)',
    copyright: 'Copyright © 파츠몰코리아.',
  },
} as MallConfig;

beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonAnswer({ code: 200, results: config })),
  ),
);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the inquiry page side panel', () => {
  it.each([false, true])('shows the hours of the shop settings (phone layout %s)', (mobile) => {
    const client = new QueryClient();
    client.setQueryData(mallConfigQuery.queryKey, config);
    renderScreen(<InquiryPage mobile={mobile} />, client);
    const side = screen.getByRole('complementary');
    const hours = within(side).getByText('상담 시간').nextElementSibling;
    expect(hours?.textContent).toBe('평일 09:30~17:30 (주말·공휴일 휴무)');
    expect(side.textContent).not.toContain('10:00~16:30');
  });
});
