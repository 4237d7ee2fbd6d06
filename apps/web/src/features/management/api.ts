import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CashPaymentRequest,
  type DateRangeListRequest,
  type LicensePaymentRequest,
  type UpdateCompanyInfoRequest,
  type UpdateMyInfoRequest,
  type UpdateMyPasswordRequest,
  type WithdrawRequest,
  savedAddressRequest,
} from '@partsmall/contract';
import type { z } from 'zod';
import { api, type Payload } from '../../shared/api';
import { session } from '../../shared/session';

/** The member area's reads and writes (docs/requirements.md#member-area-calls); each write reads its list again. */

export interface ListQuery {
  searchType: string;
  searchKeyword: string;
  page: number;
  size: number;
}

/** The member area's keys, its paperwork's (paperwork-api.ts) and the address widget's included. */
export const memberAreaKeys = {
  addresses: ['addresses'] as const,
  addressList: (q: Partial<ListQuery>) => ['addresses', q] as const,
  members: ['members'] as const,
  memberList: (q: Partial<ListQuery>) => ['members', q] as const,
  payments: (kind: PaymentKind) => ['payments', kind] as const,
  paymentList: (kind: PaymentKind, q: DateRangeListRequest) => ['payments', kind, q] as const,
  pendingTransfers: (kind: PaymentKind) => ['payments', kind, 'pending'] as const,
  paymentStatus: (paymentId: string) => ['payments', 'status', paymentId] as const,
  withdrawCheck: ['management', 'withdrawCheck'] as const,
  ledger: ['cashLedger'] as const,
  ledgerPage: <Q>(q: Q) => ['cashLedger', q] as const,
  invoices: ['taxInvoices'] as const,
  invoicePage: <Q>(q: Q) => ['taxInvoices', q] as const,
  postcodeWidget: ['postcodeWidget'] as const,
  shipmentCounts: ['management', 'shipmentCounts'] as const,
};

// ---------------------------------------------------------------- delivery addresses

/** Saved delivery addresses (api/getMyShippingInfo): searchable by name or phone. */
export const addressListQuery = (q: Partial<ListQuery>) =>
  queryOptions({
    queryKey: memberAreaKeys.addressList(q),
    // The search select offers the contract's choices only.
    queryFn: ({ signal }) => api('getMyShippingInfo', q as Payload<'getMyShippingInfo'>, { signal, accept: [200] }),
    placeholderData: keepPreviousData,
  });

function useAddressWrite<V, I extends 'setMallShppingInfo' | 'setMallShippingBasic' | 'stateShippingInfo'>(
  call: I,
  body: (v: V) => Payload<I>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => api(call, body(v), { accept: [201] }),
    onSuccess: () => client.invalidateQueries({ queryKey: memberAreaKeys.addresses }),
  });
}

export type AddressForm = z.input<typeof savedAddressRequest>;
/** api/setMallShppingInfo: adds an address (no seq) or edits one. */
export const useSaveAddress = () => useAddressWrite('setMallShppingInfo', (v: AddressForm) => v);
/** api/setMallShippingBasic: makes an address the default. */
export const useSetBasicAddress = () => useAddressWrite('setMallShippingBasic', (seq: number) => ({ seq }));
/** api/stateShippingInfo: deletes an address. */
export const useDeleteAddress = () => useAddressWrite('stateShippingInfo', (seq: number) => ({ seq }));

// ---------------------------------------------------------------- accounts of the company

export const memberListQuery = (q: ListQuery) =>
  queryOptions({
    queryKey: memberAreaKeys.memberList(q),
    queryFn: ({ signal }) => api('getMallMemberInfo', q as Payload<'getMallMemberInfo'>, { signal, accept: [200] }),
    placeholderData: keepPreviousData,
  });

function useMemberWrite<I extends 'setMallMemberInfo' | 'setMallMemberType' | 'stateMemberInfo'>(call: I) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: Payload<I>) => api(call, v),
    // A refused move still reads the list again: the checkbox follows the server.
    onSettled: () => client.invalidateQueries({ queryKey: memberAreaKeys.members }),
  });
}

export const useSaveMember = () => useMemberWrite('setMallMemberInfo');
export const useSetMemberType = () => useMemberWrite('setMallMemberType');
export const useSetMemberState = () => useMemberWrite('stateMemberInfo');
/** api/initMallMemberPw: a new password, shown once. */
export function useResetMemberPassword() {
  return useMutation({ mutationFn: (seq: number) => api('initMallMemberPw', { seq }).then((a) => a.results.pw) });
}

// ---------------------------------------------------------------- my info, password, company, security number, withdrawal

/** api/updateMyInfo: 201 with the session's token and the new user info, stored for the tab. */
export function useUpdateMyInfo() {
  return useMutation({
    mutationFn: (v: UpdateMyInfoRequest) => api('updateMyInfo', v, { accept: [201] }),
    onSuccess: ({ results }) => session.login(results.token, results.userInfo),
  });
}

/** api/updateMyPassword: the other sessions end; this tab's stays (docs/requirements.md#accounts-and-sessions). */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: (v: UpdateMyPasswordRequest) => api('updateMyPassword', v),
  });
}

/** api/updateMyCompanyInfo: the local user info follows. */
export function useUpdateCompany() {
  return useMutation({
    mutationFn: (v: UpdateCompanyInfoRequest) => api('updateMyCompanyInfo', v, { accept: [201] }),
    onSuccess: ({ results }) => session.setUserInfo(results.userInfo),
  });
}

/** api/updateSecurityNumber: 201 with the new number, kept in the tab's company info. */
export function useRenewSecurityNumber() {
  return useMutation({
    mutationFn: () => api('updateSecurityNumber', {}, { accept: [201] }),
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
  queryKey: memberAreaKeys.withdrawCheck,
  queryFn: ({ signal }) => api('withdrawCheck', {}, { signal, accept: [200] }).then((a) => a.results),
  staleTime: 0,
  gcTime: 0,
  retry: false,
});

export function useWithdraw(onDone: (answer: { message: string }) => void) {
  return useMutation({
    mutationFn: (v: WithdrawRequest) => api('WithdrawMember', v, { accept: [201] }),
    // The withdrawal ends this very session: its socket's 401 is not an expiry (shared/session.ts).
    onMutate: () => session.leave(),
    onError: () => session.stay(),
    onSuccess: onDone,
  });
}

// ---------------------------------------------------------------- payments

export type PaymentKind = 'cash' | 'license';

/** Cash or licence payment history (15 a page, optional date range). */
export const paymentHistoryQuery = (kind: PaymentKind, q: DateRangeListRequest) =>
  queryOptions({
    queryKey: memberAreaKeys.paymentList(kind, q),
    queryFn: ({ signal }) =>
      api(kind === 'cash' ? 'mallCashPaymentInfo' : 'mallLicensePaymentInfo', q, { signal, accept: [200] }),
    placeholderData: keepPreviousData,
  });

/** Bank transfers still waiting for their deposit, with the account to pay into (api/mallPendingTransfers). */
export const pendingTransfersQuery = (kind: PaymentKind) =>
  queryOptions({
    queryKey: memberAreaKeys.pendingTransfers(kind),
    queryFn: ({ signal }) =>
      api('mallPendingTransfers', { kind: kind === 'cash' ? 'point' : 'license' }, { signal, accept: [200] }).then(
        (a) => a.results ?? [],
      ),
  });

/** The payment page of the gateway from a payment-window answer; null when it has none. */
export function paymentUrl(answer: { online_url?: unknown; results?: { online_url?: unknown } }): string | null {
  const url = [answer.online_url, answer.results?.online_url].find(
    (u): u is string => typeof u === 'string' && u.trim() !== '',
  );
  return url ?? null;
}

/**
 * payCenter/showCashPaymentWinow or showLicensePaymentWinow: the page to open in the 600x400 popup
 * (null when the answer has none) and the payment's id, whose status is read once the popup closes.
 */
export function useStartPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: { kind: PaymentKind } & (CashPaymentRequest | LicensePaymentRequest)) =>
      (kind === 'cash'
        ? api('showCashPaymentWinow', body as CashPaymentRequest, { accept: [200] })
        : api('showLicensePaymentWinow', body as LicensePaymentRequest, { accept: [200] })
      ).then((answer) => ({ url: paymentUrl(answer), paymentId: answer.results?.paymentId ?? null })),
    // A payment made in the window shows in the histories.
    onSettled: (_url, _error, v) => client.invalidateQueries({ queryKey: memberAreaKeys.payments(v.kind) }),
  });
}

/** api/mallPaymentStatus: where a payment stands now (read fresh each time its window closes). */
export const paymentStatusQuery = (paymentId: string) =>
  queryOptions({
    queryKey: memberAreaKeys.paymentStatus(paymentId),
    queryFn: ({ signal }) =>
      api('mallPaymentStatus', { paymentId }, { signal, accept: [200] }).then((a) => a.results ?? null),
    staleTime: 0,
    gcTime: 0,
  });

// ---------------------------------------------------------------- the profile's 배송 현황

/** api/getMallShipmentCounts: the company's orders waiting to ship, on their way and delivered lately. */
export const shipmentCountsQuery = queryOptions({
  queryKey: memberAreaKeys.shipmentCounts,
  queryFn: ({ signal }) => api('getMallShipmentCounts', undefined, { signal, accept: [200] }).then((a) => a.results),
});
