/** The back office's staff accounts, audit log and dashboard. */
import { z } from 'zod';
import { answerOf, pageAnswerOf } from './envelope.js';
import { int, instant, page, size, keyword } from './admin-fields.js';
import { MSG_ADMIN } from './admin-menu.js';
import { MSG } from './messages.js';
import { MSG_LOGIN_ID, personNameField } from './auth.js';
import { rowId } from './page-fields.js';
import { newLoginIdRefusal } from './rules.js';

export const staffRow = z.object({
  seq: int,
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  role: z.string(),
  status: z.string(),
  created: instant,
});
export type StaffRow = z.infer<typeof staffRow>;
export const staffListAnswer = answerOf(z.array(staffRow));
/** What a refused staff account form says, field by field (docs/requirements.md#validation). */
const MSG_STAFF = {
  id: '아이디는 5~50자의 메일 주소로 입력하세요.',
  /** A contact number as the join's: 9-11 digits, a Seoul landline (02-123-4567) included. */
  phone: MSG.contactDigits,
  role: '권한은 직원 또는 관리자 중에서 고르세요.',
  status: '상태는 사용 또는 정지 중에서 고르세요.',
} as const;
export const createStaffRequest = z.object({
  /**
   * A new login id, as a join's: 5-50 characters as a login takes them (`storedLoginIdField`), outside
   * withdrawn accounts' `.invalid` form (docs/requirements.md#validation). A longer id was stored and
   * could never log in.
   */
  id: z
    .string({ error: MSG_STAFF.id })
    .trim()
    .toLowerCase()
    .min(5, MSG_STAFF.id)
    .max(50, MSG_STAFF.id)
    .email(MSG_STAFF.id)
    .superRefine((id, ctx) => {
      const refusal = newLoginIdRefusal(id);
      if (refusal !== null)
        ctx.addIssue({ code: 'custom', message: refusal === 'reserved' ? MSG_LOGIN_ID.reserved : MSG_STAFF.id });
    }),
  /** A person's name, as a sub-account's: 2-20 characters, one of them visible. */
  name: personNameField,
  /** Digits of a contact number, 9-11 as the join's contact (docs/requirements.md#look-and-language). */
  phone: z
    .string({ error: MSG_STAFF.phone })
    .trim()
    .regex(/^\d{9,11}$/, MSG_STAFF.phone),
  role: z.enum(['staff', 'admin'], { error: MSG_STAFF.role }).default('staff'),
});
export type CreateStaffRequest = z.input<typeof createStaffRequest>;
/** A staff account's id: a number or a string of digits, else '직원을 선택하세요.' (docs/requirements.md#validation). */
const staffSeq = rowId(MSG_ADMIN.selectStaff);
export const staffSeqRequest = z.object({ seq: staffSeq });
export const newPasswordAnswer = answerOf(z.object({ seq: int, password: z.string() }));
export const setStaffStatusRequest = z.object({
  seq: staffSeq,
  status: z.enum(['active', 'stopped'], { error: MSG_STAFF.status }),
});

/**
 * Every action the audit log records (the staff call's short name) with its Korean name, as the audit
 * page shows it. The server's audit writer takes only these names, so a new audited call cannot be
 * shown untranslated.
 */
export const AUDIT_ACTION_LABELS = {
  setOrderStatus: '주문 상태 변경',
  bulkShipConfirm: '일괄 출고확정',
  setMemberStatus: '회원 정지/재개',
  setCompanyLevel: '업체 등급 변경',
  setCompanyInvoiceInfo: '세금계산서 정보 변경',
  adjustCash: '캐시 조정',
  adjustLicense: '이용권 조정',
  confirmDeposit: '입금 확인',
  saveProduct: '상품 저장',
  changeStock: '재고 변경',
  uploadProductImage: '상품 이미지 등록',
  removeProductImage: '상품 이미지 삭제',
  importProducts: 'CSV 상품 등록',
  saveNotice: '공지 저장',
  answerInquiry: '문의 답변',
  closeInquiry: '문의 종료',
  saveConfig: '쇼핑몰 설정 저장',
  createStaff: '직원 계정 생성',
  resetStaffPassword: '직원 비밀번호 초기화',
  setStaffStatus: '직원 정지/재개',
  uploadCatalogue: '카탈로그 업로드',
  retryJob: '발송 작업 다시 시도',
  retryTaxInvoice: '세금계산서 다시 발행',
  cancelTaxInvoice: '세금계산서 발행 취소',
  saveXref: '호환품번 추가',
  deleteXref: '호환품번 삭제',
  importXrefs: '호환품번 CSV 가져오기',
  saveSynonym: '동의어 저장',
  deleteSynonym: '동의어 삭제',
  setCreditAccount: '외상 설정 변경',
  savePaymentTerm: '결제 조건 저장',
  liftCreditHold: '외상 보류 해제',
  payStatementFromCash: '업체 캐시로 명세서 결제',
  closeMonth: '월 마감',
  resendStatement: '명세서 다시 보내기',
  recordDeposit: '입금 등록',
  importDeposits: '입금내역 가져오기',
  assignDeposit: '대기 입금 업체 지정',
  dismissDeposit: '대기 입금 제외',
  restoreDeposit: '제외한 입금 되돌리기',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const auditListRequest = z.object({ action: keyword, page, size: size(30) });
export const auditRow = z.object({
  seq: int,
  memberName: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created: instant,
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditPageAnswer = pageAnswerOf(auditRow);

export const dashboardAnswer = answerOf(
  z.object({
    today: z.object({ orders: int, sales: int }),
    month: z.object({ orders: int, sales: int }),
    waiting: z.array(z.object({ status: int, count: int })),
    lowStock: z.array(z.object({ seq: int, name: z.string(), pid: z.string(), hasAmount: int, stockName: z.string() })),
    openInquiries: int,
    transfersWaiting: int,
    chatOnline: int,
    sales30: z.array(z.object({ day: z.string(), sales: int, orders: int })),
  }),
);
export type Dashboard = NonNullable<z.infer<typeof dashboardAnswer>['results']>;
