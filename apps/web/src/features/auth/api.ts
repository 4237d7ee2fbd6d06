import { queryOptions, useMutation } from '@tanstack/react-query';
import type { FindMemberPwRequest, JoinRequest } from '@partsmall/contract';
import { api } from '../../shared/api';
import { session } from '../../shared/session';

/**
 * Calls of login, sign-up and the find flows (docs/requirements.md#calls). They are actions, not lists: each is a
 * mutation, whatever its HTTP method.
 */

/**
 * api/logout: ends the session on the server; the tab's token, user and client info go whatever
 * the server answered (docs/requirements.md#account-screens), so a failed call still logs the tab out.
 */
export function useLogout() {
  return useMutation({
    mutationFn: () => api('logout'),
    onMutate: () => session.leave(),
    onSettled: () => session.clear(),
  });
}

export const authKeys = {
  all: ['auth'] as const,
  licenseCheck: (license: string) => ['auth', 'licenseCheck', license] as const,
};

export type LicenseCheck = 'new' | 'exists';

/**
 * api/checkLicense: code 200 a new business number, 400 one already a member (docs/requirements.md#account-screens); a
 * number the server refuses (checksum) fails with its message.
 */
export const licenseCheckQuery = (license: string) =>
  queryOptions({
    queryKey: authKeys.licenseCheck(license),
    queryFn: async ({ signal }): Promise<LicenseCheck> => {
      const answer = await api('checkLicense', { license }, { signal, accept: [200, 400] });
      return answer.code === 200 ? 'new' : 'exists';
    },
  });

/** api/mobileVerification (join) or api/mobileVerificationInq (find flows): sends a code. */
export function useRequestPhoneCode(purpose: 'join' | 'find') {
  return useMutation({
    mutationFn: (phone: string) =>
      api(
        purpose === 'join' ? 'mobileVerification' : 'mobileVerificationInq',
        { phone, authType: 'message' },
        { accept: [200] },
      ),
  });
}

/** api/checkAuthCode: verifies a join code. */
export function useCheckPhoneCode() {
  return useMutation({
    mutationFn: (v: { phone: string; authCode: string }) => api('checkAuthCode', v, { accept: [200] }),
  });
}

/** api/findMemberId: the ids of the accounts the phone recovers, oldest first (one as a rule). */
export function useFindMemberId() {
  return useMutation({
    mutationFn: (v: { phone: string; authCode: string }) =>
      api('findMemberId', v, { accept: [200] }).then((a) => a.results.ids ?? [a.results.id]),
  });
}

/** api/findMemberPw: 201 when the new password is set; `id` names the account when several gave the phone. */
export function useFindMemberPw() {
  return useMutation({
    mutationFn: (v: FindMemberPwRequest) => api('findMemberPw', v, { accept: [201] }),
  });
}

/** api/join: 201 on success (499 and the others throw with the server's message). */
export function useJoin() {
  return useMutation({
    mutationFn: (form: JoinRequest) => api('join', form, { accept: [201] }),
    // Joining clears any stored session (docs/requirements.md#account-screens).
    onSuccess: () => session.clear(),
  });
}
