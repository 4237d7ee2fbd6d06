import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  CHAT_IMAGE_EXTENSIONS,
  CHAT_LIMITS,
  CHAT_STAFF_IMAGE_EXTENSIONS,
  CHAT_UPLOAD_FIELD,
  CHAT_UPLOAD_HEADERS,
  MSG_CHAT,
  chatUploadAnswer,
  type ChatJoinRequest,
  type ChatMessage,
  type ApiEnvelope,
} from '@partsmall/contract';
import { api, ApiError, messageOf } from '../../shared/api';
import { session } from '../../shared/session';
import { T } from '../../shared/texts';
import { TC } from './texts';
import { newClientId } from './useChat';

/**
 * The chat's HTTP calls (docs/requirements.md#chat): image uploads (multipart, so not through the JSON client),
 * the chat sign-up, and the mobile QR login.
 */

export const chatKeys = {
  all: ['chat'] as const,
  fileLink: (seq: number) => ['chat', 'fileLink', seq] as const,
  qrImage: (url: string | null) => ['chat', 'qrImage', url] as const,
  customerInfo: (seq: number) => ['chat', 'customerInfo', seq] as const,
};

/** The product a waiting product inquiry names, as it is now (its price and stock at the sending). */
export function inquiryProduct(seq: number) {
  return api('getProductInfo', { seq }, { accept: [200] }).then((a) => a.results);
}

/** Files the chat accepts by name (the server judges the content); docs/requirements.md#chat. */
export function imageFilesOf(files: Iterable<File>, staff = false): File[] {
  const allowed: readonly string[] = staff ? CHAT_STAFF_IMAGE_EXTENSIONS : CHAT_IMAGE_EXTENSIONS;
  return [...files].filter(
    (f) => allowed.includes(f.name.split('.').pop()?.toLowerCase() ?? '') || /^image\//.test(f.type),
  );
}

/** Checks the limits before sending: the server checks them again. */
export function uploadProblem(files: File[], staff = false): string | null {
  if (files.length === 0) return staff ? MSG_CHAT.imageOnlyStaff : MSG_CHAT.imageOnly;
  if (files.length > CHAT_LIMITS.filesPerUpload) return MSG_CHAT.tooManyFiles;
  if (files.some((f) => f.size > CHAT_LIMITS.fileMaxBytes)) return MSG_CHAT.fileTooLarge;
  return null;
}

async function uploadImages(files: File[], targetUser?: number): Promise<ChatMessage> {
  const form = new FormData();
  // A pasted picture has no useful name ('image.png' or none): give it one.
  files.forEach((f, i) =>
    form.append(
      CHAT_UPLOAD_FIELD,
      f,
      f.name && f.name !== 'image.png' ? f.name : TC.pastedImage(i + 1, f.type.split('/')[1] ?? 'png'),
    ),
  );
  const headers: Record<string, string> = { [CHAT_UPLOAD_HEADERS.clientMessageId]: newClientId() };
  const token = session.get().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (targetUser !== undefined) headers[CHAT_UPLOAD_HEADERS.targetUser] = encodeURIComponent(String(targetUser));
  let res: Response;
  try {
    res = await fetch(targetUser === undefined ? '/uploadChatFile' : '/uploadChatFiles', {
      method: 'POST',
      headers,
      body: form,
    });
  } catch {
    throw new ApiError(T.common.networkError, 0, 0);
  }
  const body = (await res.json().catch(() => null)) as ApiEnvelope<ChatMessage> | null;
  if (!body || body.code !== 201 || !body.results)
    throw new ApiError(body?.message ?? T.common.networkError, body?.code ?? res.status, res.status);
  return chatUploadAnswer.parse(body).results;
}

/** POST uploadChatFile (customer) or /uploadChatFiles (staff, with the customer): 201 is the file message. */
export function useUploadImages() {
  return useMutation({
    mutationFn: ({ files, targetUser }: { files: File[]; targetUser?: number }) => uploadImages(files, targetUser),
  });
}

/**
 * Pictures sent to the conversation (staff: to the customer shown, none while nobody is): the
 * stored message joins the list, a refusal is alerted.
 */
export function useChatFiles(
  addStored: (message: ChatMessage) => void,
  alert: (message: string) => void,
  targetUser?: number | null,
) {
  const upload = useUploadImages();
  const onFiles = (files: File[]) => {
    if (targetUser === null) return;
    upload.mutate({ files, targetUser }, { onSuccess: addStored, onError: (e) => alert(messageOf(e)) });
  };
  return { onFiles, busy: upload.isPending };
}

/** api/chatJoin: the chat sign-up answers like a login; the tab is logged in. */
export function useChatJoin() {
  return useMutation({
    mutationFn: (form: ChatJoinRequest) => api('chatJoin', form),
    onSuccess: ({ results }) => session.login(results.token, results.userInfo),
  });
}

/** api/qrcodeLoginCode: a one-time code (60 s) for the desktop's QR code. */
export function useQrLoginCode() {
  return useMutation({ mutationFn: () => api('qrcodeLoginCode').then((a) => a.results) });
}

/** api/qrcodeLogin: the phone posts the scanned code and gets a session of its own. */
export function useQrLogin() {
  return useMutation({
    mutationFn: (token: string) => api('qrcodeLogin', { token }),
    onSuccess: ({ results }) => session.login(results.token, results.userInfo),
  });
}

/**
 * A chat file's addresses live minutes (whoever holds one may read the file); a chat left open
 * longer asks for fresh ones (api/chatFileLink) before showing or opening an old picture.
 */
export const fileLinkQuery = (seq: number) =>
  queryOptions({
    queryKey: chatKeys.fileLink(seq),
    queryFn: ({ signal }) => api('chatFileLink', { seq }, { signal, accept: [200] }).then((a) => a.results),
    // Fresh addresses live at least 10 minutes; asked again well before that.
    staleTime: 5 * 60_000,
    retry: false,
  });

/** True when a signed address has expired or is about to (within 30 s). */
export function linkExpired(url: string, now: number = Date.now()): boolean {
  const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
  return !Number.isFinite(exp) || exp * 1000 - now < 30_000;
}
