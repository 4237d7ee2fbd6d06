import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  companyInfoAnswer,
  loginAnswer,
  memberPageAnswer,
  memberWriteAnswer,
  passwordResetAnswer,
  paymentPageAnswer,
  pendingTransfersAnswer,
  paymentWindowAnswer,
  securityNumberAnswer,
  shippingAddressPageAnswer,
  withdrawCheckAnswer,
  type CashPaymentRequest,
  type DateRangeListRequest,
  type LicensePaymentRequest,
  type MemberStateRequest,
  type MemberTypeRequest,
  type SaveMemberRequest,
  type UpdateCompanyInfoRequest,
  type UpdateMyInfoRequest,
  type UpdateMyPasswordRequest,
  type WithdrawRequest,
  savedAddressRequest,
} from '@partsmall/contract';
import type { z } from 'zod';
import { api } from '../../shared/api';
import { session } from '../../shared/session';

/** The member area's reads and writes (docs/requirements.md#member-area-calls); each write reads its list again. */

export interface ListQuery {
  searchType: string;
  searchKeyword: string;
  page: number;
  size: number;
}

export const memberAreaKeys = {
  addresses: ['addresses'] as const,
  members: ['members'] as const,
  payments: (kind: PaymentKind) => ['payments', kind] as const,
};

// ---------------------------------------------------------------- delivery addresses

/** Saved delivery addresses (api/getMyShippingInfo): searchable by name or phone. */
export const addressListQuery = (q: Partial<ListQuery>) =>
  queryOptions({
    queryKey: [...memberAreaKeys.addresses, q],
    queryFn: ({ signal }) => api.post(shippingAddressPageAnswer, 'api/getMyShippingInfo', q, { signal, accept: [200] }),
    placeholderData: keepPreviousData,
  });

function useAddressWrite<V>(path: string, body: (v: V) => object) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => api.post(memberWriteAnswer, path, body(v), { accept: [201] }),
    onSuccess: () => client.invalidateQueries({ queryKey: memberAreaKeys.addresses }),
  });
}

export type AddressForm = z.input<typeof savedAddressRequest>;
/** api/setMallShppingInfo: adds an address (no seq) or edits one. */
export const useSaveAddress = () => useAddressWrite('api/setMallShppingInfo', (v: AddressForm) => v);
/** api/setMallShippingBasic: makes an address the default. */
export const useSetBasicAddress = () => useAddressWrite('api/setMallShippingBasic', (seq: number) => ({ seq }));
/** api/stateShippingInfo: deletes an address. */
export const useDeleteAddress = () => useAddressWrite('api/stateShippingInfo', (seq: number) => ({ seq }));

// ---------------------------------------------------------------- accounts of the company

export const memberListQuery = (q: ListQuery) =>
  queryOptions({
    queryKey: [...memberAreaKeys.members, q],
    queryFn: ({ signal }) => api.post(memberPageAnswer, 'api/getMallMemberInfo', q, { signal, accept: [200] }),
    placeholderData: keepPreviousData,
  });

function useMemberWrite<V>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => api.post(memberWriteAnswer, path, v as object),
    // A refused move still reads the list again: the checkbox follows the server.
    onSettled: () => client.invalidateQueries({ queryKey: memberAreaKeys.members }),
  });
}

export const useSaveMember = () => useMemberWrite<SaveMemberRequest & { seq?: number }>('api/setMallMemberInfo');
export const useSetMemberType = () => useMemberWrite<MemberTypeRequest>('api/setMallMemberType');
export const useSetMemberState = () => useMemberWrite<MemberStateRequest>('api/stateMemberInfo');
/** api/initMallMemberPw: a new password, shown once. */
export function useResetMemberPassword() {
  return useMutation({ mutationFn: (seq: number) => api.post(passwordResetAnswer, 'api/initMallMemberPw', { seq }).then((a) => a.results.pw) });
}

// ---------------------------------------------------------------- my info, password, company, security number, withdrawal

/** api/updateMyInfo: 201 with a new token and user info, stored for the tab. */
export function useUpdateMyInfo() {
  return useMutation({
    mutationFn: (v: UpdateMyInfoRequest) => api.post(loginAnswer, 'api/updateMyInfo', v, { accept: [201] }),
    onSuccess: ({ results }) => session.login(results.token, results.userInfo),
  });
}

/** api/updateMyPassword: a new token comes back when the server renews this tab's session with it. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: (v: UpdateMyPasswordRequest) => api.post(loginAnswer.partial({ results: true }), 'api/updateMyPassword', v),
    onSuccess: ({ results }) => {
      if (results?.token && results.userInfo) session.login(results.token, results.userInfo);
    },
  });
}

/** api/updateMyCompanyInfo: the local user info follows. */
export function useUpdateCompany() {
  return useMutation({
    mutationFn: (v: UpdateCompanyInfoRequest) => api.post(companyInfoAnswer, 'api/updateMyCompanyInfo', v, { accept: [201] }),
    onSuccess: ({ results }) => session.setUserInfo(results.userInfo),
  });
}

/** api/updateSecurityNumber: 201 with the new number, kept in the tab's company info. */
export function useRenewSecurityNumber() {
  return useMutation({
    mutationFn: () => api.post(securityNumberAnswer, 'api/updateSecurityNumber', {}, { accept: [201] }),
    onSuccess: ({ results: { securityNum } }) => {
      const now = session.get().userInfo;
      if (now?.companyInfo) session.setUserInfo({ ...now, companyInfo: { ...now.companyInfo, securityNum } });
    },
  });
}

/**
 * api/WithdrawMember: 201, then `onDone` (its message, ending the session, going home). It is
 * the mutation's own callback, not the screen's: the server may end the session over the trade
 * channel before the answer arrives, and the screen is gone by then.
 */
/**
 * api/withdrawCheck: whether the withdrawal must give the password again (the session is older
 * than ten minutes). Read each time the section opens, since a session ages while a tab stays open.
 */
export const withdrawCheckQuery = queryOptions({
  queryKey: ['management', 'withdrawCheck'] as const,
  queryFn: ({ signal }) => api.post(withdrawCheckAnswer, 'api/withdrawCheck', {}, { signal, accept: [200] }).then((a) => a.results),
  staleTime: 0,
  gcTime: 0,
  retry: false,
});

export function useWithdraw(onDone: (answer: { message: string }) => void) {
  return useMutation({ mutationFn: (v: WithdrawRequest) => api.post(memberWriteAnswer, 'api/WithdrawMember', v, { accept: [201] }), onSuccess: onDone });
}

// ---------------------------------------------------------------- payments

export type PaymentKind = 'cash' | 'license';

/** Cash or licence payment history (15 a page, optional date range). */
export const paymentHistoryQuery = (kind: PaymentKind, q: DateRangeListRequest) =>
  queryOptions({
    queryKey: [...memberAreaKeys.payments(kind), q],
    queryFn: ({ signal }) =>
      api.post(paymentPageAnswer, kind === 'cash' ? 'api/mallCashPaymentInfo' : 'api/mallLicensePaymentInfo', q, { signal, accept: [200] }),
    placeholderData: keepPreviousData,
  });

/** Bank transfers still waiting for their deposit, with the account to pay into (api/mallPendingTransfers). */
export const pendingTransfersQuery = (kind: PaymentKind) =>
  queryOptions({
    queryKey: [...memberAreaKeys.payments(kind), 'pending'],
    queryFn: ({ signal }) =>
      api.post(pendingTransfersAnswer, 'api/mallPendingTransfers', { kind: kind === 'cash' ? 'point' : 'license' }, { signal, accept: [200] }).then((a) => a.results ?? []),
  });

/** The payment page of the gateway from a payment-window answer; null when it has none. */
export function paymentUrl(answer: { online_url?: unknown; results?: { online_url?: unknown } }): string | null {
  const url = [answer.online_url, answer.results?.online_url].find((u): u is string => typeof u === 'string' && u.trim() !== '');
  return url ?? null;
}

/** payCenter/showCashPaymentWinow or showLicensePaymentWinow: the page to open in the 600x400 popup. */
export function useStartPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: { kind: PaymentKind } & (CashPaymentRequest | LicensePaymentRequest)) =>
      api.post(paymentWindowAnswer, kind === 'cash' ? 'payCenter/showCashPaymentWinow' : 'payCenter/showLicensePaymentWinow', body, { accept: [200] }).then(paymentUrl),
    // A payment made in the window shows in the histories.
    onSettled: (_url, _error, v) => client.invalidateQueries({ queryKey: memberAreaKeys.payments(v.kind) }),
  });
}
