import { queryOptions, useMutation } from '@tanstack/react-query';
import type { SetNotifySettingsRequest } from '@partsmall/contract';
import { api } from '../../shared/api';
import { queryClient } from '../../shared/query';

/** '알림 설정' (docs/requirements.md#notifications): the account's own settings, read and saved. */
export const notifyKeys = { settings: ['notifySettings'] as const };

export const notifySettingsQuery = () =>
  queryOptions({
    queryKey: notifyKeys.settings,
    queryFn: ({ signal }) => api('getNotifySettings', undefined, { signal, accept: [200] }).then((a) => a.results),
  });

export function useSaveNotifySettings() {
  return useMutation({
    mutationFn: (form: SetNotifySettingsRequest) => api('setNotifySettings', form, { accept: [200] }),
    onSuccess: (answer) => queryClient.setQueryData(notifyKeys.settings, answer.results),
  });
}

/** api/notifyPhoneCode: a code to the phone the account wants its notifications at. */
export function useRequestNotifyCode() {
  return useMutation({
    mutationFn: (phone: string) => api('notifyPhoneCode', { phone }, { accept: [200] }),
  });
}
