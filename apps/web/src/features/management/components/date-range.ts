import { z } from 'zod';
import { PAGE_SIZE, type DateRangeListRequest } from '@partsmall/contract';
import { T } from '../../../shared/texts';
import type { PeriodPage } from '../paperwork-api';

const M = T.management;

export interface Range {
  startDate: string;
  endDate: string;
}

/** Both dates or neither ('날짜구간을 지정하세요.'), the start not after the end. */
export const dateRangeForm = z
  .object({ startDate: z.string(), endDate: z.string() })
  .refine((v) => v.startDate !== '' && v.endDate !== '', { path: ['startDate'], message: M.dateRange.missing })
  .refine((v) => v.startDate === '' || v.endDate === '' || v.startDate <= v.endDate, {
    path: ['startDate'],
    message: M.dateRange.reversed,
  });

/** The request of a date-range list call (orders, payment histories): a period searches by date, none lists all. */
export function rangeRequest(q: PeriodPage): DateRangeListRequest {
  const dated = q.startDate !== '' && q.endDate !== '';
  return {
    startDate: q.startDate,
    endDate: q.endDate,
    searchType: dated ? 'date' : '',
    page: q.page,
    size: PAGE_SIZE.memberArea,
  };
}
