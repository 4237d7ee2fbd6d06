import { eq } from 'drizzle-orm';
import {
  ADMIN_CALLS as C,
  MSG,
  MSG_PAPERWORK,
  adminTaxInvoiceAnswer,
  adminTaxInvoiceListRequest,
  adminTaxInvoicePageAnswer,
  companyInvoiceInfoAnswer,
  companyInvoiceInfoRequest,
  taxInvoiceActionRequest,
  taxInvoiceListRequest,
  taxInvoicePageAnswer,
  type InvoiceMode,
} from '@partsmall/contract';
import { companies } from '../../db/schema.js';
import { answers } from '../../shared/answers.js';
import { type Api, type AppContext, requireMainAccount, requireStaff } from '../../shared/context.js';
import { created, notFound, ok } from '../../shared/http.js';
import { recordAudit } from '../admin/audit.js';
import type { JobRunner } from '../jobs/runner.js';
import { adminListTaxInvoices, cancelTaxInvoice, listTaxInvoices, retryTaxInvoice } from './list.js';

/** 전자세금계산서: the member area's list and the back office's list, retry, cancel and company fields. */
export function taxInvoiceRoutes(app: Api, ctx: AppContext, runner: JobRunner) {
  const { db } = ctx;

  app.post(
    '/api/getTaxInvoices',
    { config: { access: 'main' }, schema: { tags: ['members'], summary: '세금계산서 목록 (대표 계정, 작성일자 구간)', body: taxInvoiceListRequest, response: answers(taxInvoicePageAnswer) } },
    async (req) => {
      const { companyId } = requireMainAccount(req);
      const { results, total } = await listTaxInvoices(db, companyId, req.body);
      return ok(results, results.length ? undefined : MSG.noInfo, total);
    },
  );

  const tags = ['admin'];
  app.post(C.taxInvoiceList.path, { config: { access: C.taxInvoiceList.role }, schema: { tags, summary: '세금계산서 목록', body: adminTaxInvoiceListRequest, response: answers(adminTaxInvoicePageAnswer) } }, async (req) => {
    const { results, total } = await adminListTaxInvoices(db, req.body);
    return ok(results, undefined, total);
  });
  app.post(C.retryTaxInvoice.path, { config: { access: C.retryTaxInvoice.role }, schema: { tags, summary: '실패한 세금계산서 다시 발행', body: taxInvoiceActionRequest, response: answers(adminTaxInvoiceAnswer) } }, async (req) =>
    created(await retryTaxInvoice(db, runner, requireStaff(req).member.id, req.body.seq), MSG_PAPERWORK.invoiceRetried),
  );
  app.post(C.cancelTaxInvoice.path, { config: { access: C.cancelTaxInvoice.role }, schema: { tags, summary: '세금계산서 발행 취소', body: taxInvoiceActionRequest, response: answers(adminTaxInvoiceAnswer) } }, async (req) =>
    created(await cancelTaxInvoice(db, requireStaff(req).member.id, req.body.seq), MSG_PAPERWORK.invoiceCancelled),
  );
  app.post(
    C.setCompanyInvoiceInfo.path,
    { config: { access: C.setCompanyInvoiceInfo.role }, schema: { tags, summary: '업체 세금계산서 정보', body: companyInvoiceInfoRequest, response: answers(companyInvoiceInfoAnswer) } },
    async (req) => {
      const staffId = requireStaff(req).member.id;
      const { companyId, ...fields } = req.body;
      const after = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
        if (!before) throw notFound(MSG_PAPERWORK.companyNotFound);
        const [row] = await tx.update(companies).set(fields).where(eq(companies.id, companyId)).returning();
        const pick = (c: typeof before) => ({ bizType: c.bizType, bizItem: c.bizItem, invoiceMail: c.invoiceMail, invoiceMode: c.invoiceMode as InvoiceMode });
        await recordAudit(tx, { memberId: staffId, action: 'setCompanyInvoiceInfo', target: `company:${companyId}`, before: pick(before), after: pick(row!) });
        return { companyId, ...pick(row!) };
      });
      return created(after);
    },
  );
}
