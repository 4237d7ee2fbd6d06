import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE } from '@partsmall/contract';
import { api } from '../../shared/api';
import { memberAreaKeys } from './api';

/**
 * The member area's paperwork reads (docs/requirements.md#paperwork-screens): the company's 캐시 원장
 * and its 세금계산서, each of an optional period, a page at a time. Main account only (the server
 * refuses others).
 */
export interface PeriodPage {
  startDate: string;
  endDate: string;
  page: number;
}

/** The body of a period list: both dates or none (the contract refuses one alone). */
export function periodBody(q: PeriodPage) {
  const period = q.startDate && q.endDate ? { startDate: q.startDate, endDate: q.endDate } : {};
  return { ...period, page: q.page, size: PAGE_SIZE.memberArea };
}

/** api/getCashLedger: the rows newest first, and the company's balance now. */
export const cashLedgerQuery = (q: PeriodPage) =>
  queryOptions({
    queryKey: memberAreaKeys.ledgerPage(q),
    queryFn: ({ signal }) => api('getCashLedger', periodBody(q), { signal, accept: [200] }),
    placeholderData: keepPreviousData,
  });

/** api/getTaxInvoices: the company's invoices by 작성일자, newest first. */
export const taxInvoicesQuery = (q: PeriodPage) =>
  queryOptions({
    queryKey: memberAreaKeys.invoicePage(q),
    queryFn: ({ signal }) => api('getTaxInvoices', periodBody(q), { signal, accept: [200] }),
    placeholderData: keepPreviousData,
  });
