import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CallAnswer, CallId } from '@partsmall/contract';
import { api, messageOf, type Payload } from '../../shared/api';
import { useNotify } from '../../shared/ui/notify';
import { isConflict, useRereadingWrite } from '../../shared/write';

/**
 * The back office's reads and writes: every call is an `admin…` entry of the table of calls, which
 * types its payload and answer. A write reads the back office's lists again, and so does one refused (409).
 */
export type AdminCallId = Extract<CallId, `admin${string}`>;

export const adminKeys = {
  all: ['admin'] as const,
  call: <I extends AdminCallId>(call: I, body: Payload<I>) => ['admin', call, body] as const,
};

export function adminQuery<I extends AdminCallId>(call: I, body: Payload<I>) {
  return queryOptions({
    queryKey: adminKeys.call(call, body),
    queryFn: ({ signal }) => api(call, body, { signal, accept: [200] }),
    placeholderData: keepPreviousData,
  });
}

export { isConflict };

export interface AdminWriteOptions {
  /**
   * Whether a refusal (409) reads the back office again, as a success does: an order another staff
   * member moved then shows its status now, not the old one with its buttons (docs/requirements.md#back-office).
   * Off for a form built from what it read, which keeps what was typed over a newer save.
   */
  rereadOnConflict?: boolean;
}

export function useAdminWrite<I extends AdminCallId>(call: I, { rereadOnConflict = true }: AdminWriteOptions = {}) {
  return useRereadingWrite(call, adminKeys.all, rereadOnConflict);
}

/**
 * A back-office save that tells how it went: the answer's message as a toast, then `onSaved`; a
 * refusal or failure in an alert, the form left as it was.
 */
export function useAdminSave<I extends AdminCallId>(
  call: I,
  onSaved?: (answer: CallAnswer<I>) => void,
  options?: AdminWriteOptions,
) {
  const write = useAdminWrite(call, options);
  const notify = useNotify();
  const save = (body: Payload<I>) =>
    write.mutate(body, {
      onSuccess: (a) => {
        notify.toast(a.message);
        onSaved?.(a);
      },
      onError: (e) => void notify.alert(messageOf(e)),
    });
  return { save, busy: write.isPending };
}

/** Saves a CSV answer as a file (UTF-8 with BOM, opens in Korean Excel). */
export function downloadCsv(file: { filename: string; csv: string }) {
  const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file as base64 (the image upload call takes JSON). */
export function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** A CSV file's text: Korean Excel saves CSV as EUC-KR, so UTF-8 is read first and EUC-KR when it is not valid. */
export async function readCsvFile(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('euc-kr').decode(bytes);
  }
}
