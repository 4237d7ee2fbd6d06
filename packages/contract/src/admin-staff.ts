/** The back office's staff accounts, audit log and dashboard. */
import { z } from 'zod';
import { answerOf, pageAnswerOf } from './envelope.js';
import { int, instant, seq, page, size, keyword } from './admin-fields.js';

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
export const createStaffRequest = z.object({
  id: z.string().trim().toLowerCase().email('아이디는 메일 주소로 입력하세요.').max(100),
  name: z.string().trim().min(2, '이름은 2~20자로 입력하세요.').max(20, '이름은 2~20자로 입력하세요.'),
  phone: z.string().regex(/^\d{10,11}$/, '연락처는 숫자 10~11자리로 입력하세요.'),
  role: z.enum(['staff', 'admin']).default('staff'),
});
export type CreateStaffRequest = z.input<typeof createStaffRequest>;
export const newPasswordAnswer = answerOf(z.object({ seq: int, password: z.string() }));
export const setStaffStatusRequest = z.object({ seq, status: z.enum(['active', 'stopped']) });

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
