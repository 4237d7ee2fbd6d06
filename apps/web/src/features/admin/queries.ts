import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_CALLS, type AdminCall } from '@partsmall/contract';
import type { z } from 'zod';
import { api } from '../../shared/api';

/**
 * The back office's reads and writes: every call is named by the permission table (ADMIN_CALLS)
 * and typed by its contract answer. A write reads the back office's lists again.
 */
const ROOT = 'admin';

export function adminQuery<A extends z.ZodType>(call: AdminCall, answer: A, body: object = {}) {
  return queryOptions({
    queryKey: [ROOT, call, body],
    queryFn: ({ signal }) => api.post(answer, ADMIN_CALLS[call].path, body, { signal, accept: [200] }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminWrite<A extends z.ZodType, V extends object>(call: AdminCall, answer: A) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: V) => api.post(answer, ADMIN_CALLS[call].path, body, { accept: [200, 201] }),
    onSuccess: () => client.invalidateQueries({ queryKey: [ROOT] }),
  });
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
