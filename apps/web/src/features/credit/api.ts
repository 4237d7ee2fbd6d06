import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@partsmall/contract';
import { api, ApiError, type Payload } from '../../shared/api';
import { useRereadingWrite } from '../../shared/write';

/**
 * 외상's reads and writes (docs/requirements.md#credit), under one key factory: the buyer's summary and
 * statements, and the back office's report, company page, deposit queue and close. A write, or one
 * refused (409), reads everything of 외상 again (limits, ledgers and statements move together).
 */
export const creditKeys = {
  all: ['credit'] as const,
  summary: ['credit', 'summary'] as const,
  statements: (page: number) => ['credit', 'statements', page] as const,
  aging: ['credit', 'admin', 'aging'] as const,
  account: (companyId: number) => ['credit', 'admin', 'account', companyId] as const,
  preview: (companyId: number, month: string) => ['credit', 'admin', 'preview', companyId, month] as const,
  deposits: ['credit', 'admin', 'deposits'] as const,
  dismissedDeposits: ['credit', 'admin', 'deposits', 'ignored'] as const,
  terms: ['credit', 'admin', 'terms'] as const,
  monthStatements: (month: string, page: number) => ['credit', 'admin', 'statements', month, page] as const,
};

/**
 * api/getCreditSummary: the company's limit, use and aging; null when the company has no credit account
 * (404) or this member may not use it (a sub-account the main account did not allow, 403). The reason
 * the server gave is kept for the member area.
 */
export const creditSummaryQuery = queryOptions({
  queryKey: creditKeys.summary,
  queryFn: async ({ signal }) => {
    try {
      const a = await api('getCreditSummary', {}, { signal, accept: [200] });
      return { summary: a.results ?? null, refusal: null };
    } catch (e) {
      if (e instanceof ApiError && (e.status === 404 || e.status === 403)) return { summary: null, refusal: e.message };
      throw e;
    }
  },
  staleTime: 30_000,
});

/** api/getStatements: the company's statements, newest month first, a page at a time. */
export const statementsQuery = (page: number) =>
  queryOptions({
    queryKey: creditKeys.statements(page),
    queryFn: ({ signal }) => api('getStatements', { page, size: PAGE_SIZE.memberArea }, { signal, accept: [200] }),
    placeholderData: keepPreviousData,
  });

/** api/admin/receivablesAging: every company with credit by age, and the totals. */
export const agingReportQuery = queryOptions({
  queryKey: creditKeys.aging,
  queryFn: ({ signal }) => api('adminReceivablesAging', {}, { signal, accept: [200] }).then((a) => a.results!),
});

/** api/admin/getCreditAccount: one company's credit page. */
export const creditAccountQuery = (companyId: number) =>
  queryOptions({
    queryKey: creditKeys.account(companyId),
    queryFn: ({ signal }) =>
      api('adminGetCreditAccount', { companyId }, { signal, accept: [200] }).then((a) => a.results!),
  });

/** api/admin/previewStatement: the statement a close of `month` would make for the company (nothing saved). */
export const previewQuery = (companyId: number, month: string) =>
  queryOptions({
    queryKey: creditKeys.preview(companyId, month),
    queryFn: ({ signal }) =>
      api('adminPreviewStatement', { companyId, month }, { signal, accept: [200] }).then((a) => a.results!),
  });

/** api/admin/statementList: every company's statements of a month, newest first, a page at a time. */
export const monthStatementsQuery = (month: string, page: number) =>
  queryOptions({
    queryKey: creditKeys.monthStatements(month, page),
    queryFn: ({ signal }) =>
      api('adminStatementList', { month, page, size: PAGE_SIZE.backOffice }, { signal, accept: [200] }),
    placeholderData: keepPreviousData,
  });

/** api/admin/paymentTerms: the terms a credit account may take, in the order they were added. */
export const paymentTermsQuery = queryOptions({
  queryKey: creditKeys.terms,
  queryFn: ({ signal }) => api('adminPaymentTerms', {}, { signal, accept: [200] }).then((a) => a.results!),
});

/** api/admin/depositQueue: deposits waiting for staff to name their company (the oldest 500) and how many wait. */
export const depositQueueQuery = queryOptions({
  queryKey: creditKeys.deposits,
  queryFn: ({ signal }) =>
    api('adminDepositQueue', {}, { signal, accept: [200] }).then((a) => ({ rows: a.results, total: a.total })),
});

/** api/admin/depositQueue { status: 'ignored' }: the deposits staff set aside, the newest 500 first. */
export const dismissedDepositsQuery = queryOptions({
  queryKey: creditKeys.dismissedDeposits,
  queryFn: ({ signal }) =>
    api('adminDepositQueue', { status: 'ignored' }, { signal, accept: [200] }).then((a) => ({
      rows: a.results,
      total: a.total,
    })),
});

type WriteCall =
  | 'payStatement'
  | 'adminSetCreditAccount'
  | 'adminLiftCreditHold'
  | 'adminPayStatementFromCash'
  | 'adminSavePaymentTerm'
  | 'adminCloseMonth'
  | 'adminResendStatement'
  | 'adminRecordDeposit'
  | 'adminAssignDeposit'
  | 'adminDismissDeposit'
  | 'adminRestoreDeposit'
  | 'adminReceivablesAgingExport';

/**
 * A write of 외상; on success, and on a refusal (409) before its alert opens, everything of 외상 is read
 * again: a deposit another staff member assigned or set aside leaves the queue with its 반영 and 제외
 * (docs/requirements.md#back-office), as the back office's other writes do (`useRereadingWrite`).
 */
export function useCreditWrite<I extends WriteCall>(call: I) {
  return useRereadingWrite(call, creditKeys.all);
}

/** api/admin/importDeposits: a bank's 입금내역 file (multipart field `file`). */
export function useImportDeposits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      // The call takes a multipart body: the client sends a FormData as it is.
      return api('adminImportDeposits', form as unknown as Payload<'adminImportDeposits'>, { accept: [200, 201] });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: creditKeys.all }),
  });
}
