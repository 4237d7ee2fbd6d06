/**
 * Money coming in against 외상 (docs/requirements.md#credit-deposits): the limits of a bank's 입금내역 file,
 * the review queue's reasons, and the Korean messages of deposits, their file and the virtual
 * accounts of statements. The calls' payloads and answers are in credit.ts.
 */
import { groupDigits } from './rules.js';

/** The multipart field of api/admin/importDeposits. */
export const DEPOSIT_FILE_FIELD = 'file';
/** A bank's export of a month is a few hundred kilobytes; 5 MB leaves room for wide exports. */
export const DEPOSIT_FILE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Deposits one file may hold. A month of a wholesaler's deposits is hundreds; a file of more is a
 * year's export or the wrong file, refused before its rows are read (split it by period).
 */
export const DEPOSIT_FILE_MAX_ROWS = 10_000;
/** The largest single deposit taken, as api/admin/recordDeposit takes it (1조 원). */
export const DEPOSIT_MAX_AMOUNT = 1_000_000_000_000;
/** Characters of a depositor name, as api/admin/recordDeposit takes it (banks cut theirs far shorter). */
export const DEPOSITOR_NAME_MAX = 40;
/**
 * The years a deposit may be dated in, entered or read from a bank's file: a year outside is a typo
 * or a misread column (and year 0 is no date the database can keep).
 */
export const DEPOSIT_YEARS = { first: 2000, last: 2100 } as const;
/** True when a year is one a deposit may be dated in. */
export const isDepositYear = (year: number) => year >= DEPOSIT_YEARS.first && year <= DEPOSIT_YEARS.last;

/** Why a deposit waits in the review queue for staff to assign it (the deposit row's reviewReason). */
export const DEPOSIT_REVIEW_REASONS = {
  noMatch: '입금자명과 일치하는 업체가 없습니다.',
  ambiguous: '입금자명과 일치하는 업체가 둘 이상입니다.',
  notOnCredit: '외상 거래처가 아닌 업체와 입금자명이 같습니다.',
  twin: '같은 날 입금자명·금액이 같은 입금이 이미 있습니다. 같은 입금이면 제외하세요.',
} as const;
export type DepositReviewReason = keyof typeof DEPOSIT_REVIEW_REASONS;

/** The column titles a 입금내역 file is read by (spaces and a bracketed unit like '(원)' ignored). */
export const DEPOSIT_FILE_COLUMNS = {
  date: ['거래일시', '거래일자', '거래일', '입금일시', '입금일자', '입금일', '거래날짜', '일자', '날짜', '일시'],
  time: ['거래시간', '거래시각', '입금시간', '시간', '시각'],
  name: [
    '입금자명',
    '입금자',
    '입금인',
    '보낸분',
    '보낸사람',
    '보내는분',
    '의뢰인',
    '의뢰인명',
    '송금인',
    '기재내용',
    '내용',
  ],
  amount: ['입금액', '입금금액', '맡기신금액', '받은금액', '입금', '금액'],
} as const;
export const DEPOSIT_FILE_COLUMN_LABELS = { date: '거래일자', name: '입금자명', amount: '입금액' } as const;

export const MSG_DEPOSIT = {
  // The file.
  fileMissing: '입금내역 파일(.xlsx 또는 .csv)을 올려 주세요.',
  fileType: '입금내역은 .xlsx 또는 .csv 파일만 올릴 수 있습니다.',
  fileTooLarge: '입금내역 파일은 5MB까지 올릴 수 있습니다.',
  fileTooManyRows: `입금내역은 한 파일에 ${groupDigits(DEPOSIT_FILE_MAX_ROWS)}건까지 올릴 수 있습니다. 기간을 나누어 올려 주세요.`,
  xls: '엑셀 97-2003 형식(.xls)은 읽을 수 없습니다. .xlsx 또는 .csv로 저장해 올려 주세요.',
  macro: '매크로가 들어 있는 엑셀 파일은 올릴 수 없습니다. 매크로 없는 .xlsx로 저장해 올려 주세요.',
  unpackedTooLarge: '압축을 풀면 50MB가 넘는 엑셀 파일은 올릴 수 없습니다.',
  tooWide: '50열(AX열)을 넘는 칸에 내용이 있는 엑셀 파일은 올릴 수 없습니다. 입금내역만 새 시트에 옮겨 올려 주세요.',
  tooFar: `${groupDigits(DEPOSIT_FILE_MAX_ROWS + 100)}행 아래에 내용이 있는 엑셀 파일은 올릴 수 없습니다. 입금내역만 새 시트에 옮겨 올려 주세요.`,
  broken: '엑셀 파일을 읽을 수 없습니다. 파일이 손상되지 않았는지 확인해 주세요.',
  noSheet: '엑셀 파일에 시트가 없습니다.',
  encoding: '파일의 글자를 읽을 수 없습니다. UTF-8 또는 EUC-KR로 저장한 CSV 파일을 올려 주세요.',
  csv: 'CSV 파일의 형식이 올바르지 않습니다. 따옴표가 닫혔는지 확인해 주세요.',
  tooHeavy: '파일을 읽는 데 시간이나 메모리가 너무 많이 들어 멈췄습니다. 기간을 나누어 올려 주세요.',
  busy: '지금은 파일을 읽는 요청이 많습니다. 잠시 후 다시 올려 주세요.',
  columns: (missing: string[]) =>
    `입금내역 파일에서 ${missing.map((m) => `'${m}'`).join(', ')} 열을 찾을 수 없습니다. 제목 줄에 거래일자, 입금자명, 입금액 열이 있는지 확인해 주세요.`,
  /** A workbook: only its first sheet is read (docs/requirements.md#credit-deposits). */
  columnsFirstSheet: (missing: string[]) =>
    `입금내역 파일에서 ${missing.map((m) => `'${m}'`).join(', ')} 열을 찾을 수 없습니다. 엑셀 파일은 첫 번째 시트만 읽습니다: 입금내역이 다른 시트에 있으면 첫 번째 시트로 옮겨 저장해 주세요.`,
  formula: (row: number) =>
    `${groupDigits(row)}행에 수식이 있습니다. 입금내역은 수식을 계산하지 않습니다: 값으로 붙여넣어 저장한 뒤 다시 올려 주세요.`,
  noRows: '입금내역 파일에 입금 건이 없습니다.',
  rowErrors: (errors: string[], more: number) =>
    `입금내역을 읽지 못한 줄이 있어 아무것도 반영하지 않았습니다. ${errors.join(' ')}${more > 0 ? ` 외 ${groupDigits(more)}건.` : ''}`,
  /**
   * A line with values right of its title row's last title: a bank's CSV that wrote 120,000 without
   * quotes split the amount in two cells, and the titles would read 120 (docs/requirements.md#credit-deposits).
   */
  rowWider: (row: number, titles: number, cells: number) =>
    `${groupDigits(row)}행: 제목 줄은 ${titles}칸인데 이 줄은 ${cells}칸입니다. 금액의 쉼표(,)로 칸이 나뉘었다면 금액을 따옴표로 감싸거나 쉼표 없이 저장해 올려 주세요.`,
  rowDate: (row: number, text: string) => `${groupDigits(row)}행: 거래일자 '${text}'를 읽을 수 없습니다.`,
  rowDateFuture: (row: number, text: string) =>
    `${groupDigits(row)}행: 미래의 거래일자입니다 ('${text}'). 은행에서 받은 파일이 맞는지 확인해 주세요.`,
  rowAmount: (row: number, text: string) =>
    `${groupDigits(row)}행: 입금액 '${text}'를 읽을 수 없습니다 (1원 이상 ${groupDigits(DEPOSIT_MAX_AMOUNT)}원 이하의 정수).`,
  rowName: (row: number) => `${groupDigits(row)}행: 입금자명이 비어 있습니다.`,
  rowNameInvalid: (row: number) => `${groupDigits(row)}행: 입금자명에 입력할 수 없는 문자가 있습니다.`,
  rowNameLong: (row: number) => `${groupDigits(row)}행: 입금자명은 ${DEPOSITOR_NAME_MAX}자까지입니다.`,
  // Recording and the queue.
  depositedAtFuture: '입금 일시가 미래입니다. 날짜를 확인해 주세요.',
  applied: (amount: number) => `입금 ${groupDigits(amount)}원을 반영했습니다.`,
  queued: '입금자명으로 업체를 정할 수 없어 검토 대기 목록에 넣었습니다.',
  twinQueued: '같은 날 입금자명·금액이 같은 입금이 이미 있어 반영하지 않고 검토 대기 목록에 넣었습니다.',
  repeated: '이미 반영한 입금입니다.',
  imported: (applied: number, queued: number, repeated: number) =>
    `입금 ${groupDigits(applied)}건을 반영했고 ${groupDigits(queued)}건은 검토 대기 목록에 넣었습니다.${repeated > 0 ? ` 이미 올린 ${groupDigits(repeated)}건은 건너뛰었습니다.` : ''}`,
  assigned: '입금을 업체에 배정해 반영했습니다.',
  dismissed: '입금을 확인 대기 목록에서 제외했습니다.',
  restored: '입금을 확인 대기 목록으로 되돌렸습니다.',
  // Virtual accounts and the webhook.
  accountIssued: '가상계좌를 발급했습니다.',
  accountUnavailable: '가상계좌를 발급하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  webhookStored: '입금 통보를 받았습니다.',
  webhookRepeated: '이미 받은 입금 통보입니다.',
  webhookLate: '이 계좌의 더 최근 입금 통보보다 앞선 통보입니다. 통보 시각 순서대로 반영합니다.',
  webhookSecret: '가상계좌의 입금 통보가 아닙니다.',
  demoDeposited: '입금했습니다. 잠시 후 명세서에 반영됩니다.',
  demoReversed: '입금을 취소했습니다. 잠시 후 명세서에서 빠집니다.',
  // Paying a statement by card.
  statementPayWindow: '명세서 결제창을 열었습니다.',
  /** A card window whose statement had nothing left to pay when its approval came: not taken. */
  statementAlreadyPaid: '이미 결제된 명세서입니다. 결제하지 않았습니다.',
  /** The same, when the provider took the card and could not give it back at once: staff refund it. */
  statementAlreadyPaidRefund: '이미 결제된 명세서입니다. 결제된 금액은 고객센터에서 환불해 드립니다.',
  /**
   * A card payment bigger than what was left of its statement (docs/requirements.md#credit-deposits):
   * the rest paid the company's other statements or went to its cash.
   */
  statementPaidWithRest: (own: number, others: number, cash: number) => {
    const won = (n: number) => `${groupDigits(n)}원`;
    const rest =
      others > 0 && cash > 0
        ? `나머지 중 ${won(others)}은 다른 명세서 결제에 쓰고 ${won(cash)}은 캐시로 넣었습니다.`
        : others > 0
          ? `나머지 ${won(others)}은 다른 명세서 결제에 썼습니다.`
          : `나머지 ${won(cash)}은 캐시로 넣었습니다.`;
    return `결제가 완료되었습니다. 명세서에 남은 ${won(own)}을 결제하고 ${rest}`;
  },
} as const;
