/**
 * The chat channel (docs/requirements.md#chat, docs/requirements.md#realtime-channels)
 * and the mobile QR login (docs/requirements.md#qr-login): limits, accepted images, the QR login's
 * rules and the messages. Client payloads are in chat-payloads.ts, server events' shapes in chat-answers.ts.
 */

export const CHAT_LIMITS = {
  /** Message length after trimming, in characters (code points). */
  messageMaxChars: 2000,
  /** Chat history page size (docs/requirements.md#limits). */
  historyPage: 50,
  /** Largest page a history request may ask for. */
  historyMaxPage: 100,
  /** Messages replayed per request after a reconnect; `more` says when another call is needed. */
  replayMax: 500,
  clientMessageIdMax: 64,
  /** Messages per member within the window (kept in the database, so every process counts them). */
  customerMessages: { max: 30, windowSec: 10 },
  /** Staff answer many customers; their limit only stops a runaway script. */
  staffMessages: { max: 600, windowSec: 10 },
  /** Uploads per request and bytes per file (docs/requirements.md#chat). */
  filesPerUpload: 10,
  fileMaxBytes: 10 * 1024 * 1024,
  /** Upload requests per member within the window. */
  uploads: { max: 20, windowSec: 60 },
  /** Upload requests per address within the window (many accounts behind one address, or one person with many). */
  uploadsPerAddress: { max: 40, windowSec: 60 },
  /**
   * Decoded pixels of one image (all frames of an animation): a phone's photo (24 MP at most by
   * default) passes; a small file that unpacks to a huge picture costs CPU for nothing.
   */
  imageMaxPixels: 25_000_000,
  fileNameMax: 200,
  cannedTitleMax: 50,
  cannedReplies: 200,
  /** Customer summary for staff: orders shown. */
  customerInfoOrders: 5,
  /** Offline customers listed to staff, most recent conversations first (online ones are always listed). */
  offlineUsersListed: 300,
} as const;

/** Extensions the chat accepts (docs/requirements.md#chat); the server judges the content, not the name. */
export const CHAT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'jfif', 'bmp'] as const;
/** Staff may also send TIFF (the console shows it). */
export const CHAT_STAFF_IMAGE_EXTENSIONS = [...CHAT_IMAGE_EXTENSIONS, 'tif', 'tiff'] as const;

export const QR_LOGIN = {
  /** A code is valid for 60 s and once. */
  ttlSec: 60,
  /** Codes one member may ask for per minute. */
  perMinute: 10,
  /** Where the QR code's address opens on the phone; it carries the code as ?qr=. */
  mobileLoginPath: '/mobileLogin',
  /** The short code typed on a phone whose camera is blocked: 8 characters without 0/O/1/I. */
  shortCodeAlphabet: '23456789ABCDEFGHJKLMNPQRSTUVWXYZ',
  shortCodeLength: 8,
  /** Short-code logins one address may try in a window. */
  shortCodeTries: { max: 10, windowSec: 600 },
} as const;

/** The address a phone's camera app opens: the shop's mobile login carrying the one-time code. */
export function qrLoginUrl(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}${QR_LOGIN.mobileLoginPath}?qr=${encodeURIComponent(code)}`;
}

/** 'ABCDEFGH' → 'ABCD-EFGH' (shown on the desktop; typed with or without the hyphen). */
export function formatQrShortCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

export const MSG_CHAT = {
  messageRequired: '전송할 내용을 입력하세요.',
  messageTooLong: '메시지는 2,000자 이내로 입력하세요.',
  clientMessageId: '메시지 식별값이 올바르지 않습니다.',
  targetUserRequired: '상담할 회원을 선택하세요.',
  targetUserNotFound: '상담 대상 회원을 찾을 수 없습니다.',
  staffOnly: '상담 직원만 사용할 수 있습니다.',
  customerOnly: '회원 채팅 창에서만 보낼 수 있습니다.',
  tooManyMessages: '메시지를 너무 빠르게 보내고 있습니다. 잠시 후 다시 보내 주세요.',
  tooManyUploads: '파일을 너무 자주 보냈습니다. 잠시 후 다시 시도해 주세요.',
  sent: '전송되었습니다.',
  productNotFound: '문의할 상품을 찾을 수 없습니다.',
  // uploads
  fileRequired: '보낼 이미지를 선택하세요.',
  tooManyFiles: '이미지는 한 번에 10개까지 보낼 수 있습니다.',
  fileTooLarge: '이미지 하나의 크기는 10MB를 넘을 수 없습니다.',
  fileNameInvalid: '파일 이름이 올바르지 않습니다.',
  imageOnly: '이미지 파일(jpg, jpeg, png, gif, webp, jfif, bmp)만 보낼 수 있습니다.',
  imageOnlyStaff: '이미지 파일(jpg, jpeg, png, gif, webp, jfif, bmp, tiff)만 보낼 수 있습니다.',
  imageBroken: '이미지 파일이 손상되었거나 형식이 맞지 않습니다.',
  imageForeignData: '이미지에 허용되지 않는 데이터가 포함되어 있습니다.',
  imageTooBig: '이미지 해상도가 너무 큽니다. 2,500만 화소(예: 5000×5000) 이하의 사진을 보내 주세요.',
  imageBmpCompressed: '압축된 BMP는 보낼 수 없습니다. PNG나 JPG로 저장해 보내 주세요.',
  // canned replies
  cannedTitleRequired: '상용구 제목을 입력하세요.',
  cannedTitleLength: '상용구 제목은 50자 이내로 입력하세요.',
  cannedNotFound: '상용구를 찾을 수 없습니다.',
  cannedTooMany: '상용구는 200개까지 저장할 수 있습니다.',
  // QR login (docs/requirements.md#qr-login)
  qrLoginFailed: '로그인 중 문제가 발생하였습니다. 다시 시도해 주세요.',
  qrLoginDone: '로그인되었습니다.',
  qrMembersOnly: '회원 계정으로 로그인한 화면에서만 QR 로그인을 사용할 수 있습니다.',
  qrTooMany: 'QR 코드를 너무 자주 요청했습니다. 잠시 후 다시 시도해 주세요.',
  qrCodeTooMany: '로그인 코드를 너무 많이 입력했습니다. 10분 뒤에 다시 시도해 주세요.',
  qrCodeRequired: '로그인 코드를 입력하세요.',
} as const;
