import { MSG, MSG_PAPERWORK, type InvoiceMode } from '@partsmall/contract';
import { lockCompany, updateCompany } from '../members/repository.js';
import { route } from '../../shared/route.js';
import { type Api, type AppContext, requireMainAccount, requireStaffId } from '../../shared/context.js';
import { created, notFound, okPage } from '../../shared/http.js';
import { recordAudit } from '../admin/repository.js';
import type { JobWaker } from '../../shared/job-types.js';
import { adminListTaxInvoices, cancelTaxInvoice, listTaxInvoices, retryTaxInvoice } from './list.js';
import type { TaxInvoiceProvider } from './types.js';

/** 전자세금계산서: the member area's list and the back office's list, retry, cancel and company fields. */
export function taxInvoiceRoutes(app: Api, ctx: AppContext, runner: JobWaker, provider?: TaxInvoiceProvider) {
  const { db } = ctx;
  // The longest a try of the issuing job may be sending an invoice: the provider's longest issuing
  // call (POPBILL_ISSUE_TIMEOUT_MS) or a try's expiry in the queue (JOBS_EXPIRE_SECONDS), whichever is
  // longer, and a minute more. A claim older than that is a try that died (list.ts cancelTaxInvoice).
  const issueCallSeconds = Math.ceil((ctx.config.popbill?.issueTimeoutMs ?? 0) / 1000);
  const trySeconds = Math.max(ctx.config.jobs.expireSeconds, issueCallSeconds) + 60;

  route(app, 'getTaxInvoices', async (req) => {
    const { companyId } = requireMainAccount(req);
    return okPage(await listTaxInvoices(db, companyId, req.body), MSG.noInfo);
  });

  route(app, 'adminTaxInvoiceList', async (req) => okPage(await adminListTaxInvoices(db, req.body)));
  route(app, 'adminRetryTaxInvoice', async (req) =>
    created(await retryTaxInvoice(db, runner, requireStaffId(req), req.body.seq), MSG_PAPERWORK.invoiceRetried),
  );
  route(app, 'adminCancelTaxInvoice', async (req) =>
    created(
      await cancelTaxInvoice(db, requireStaffId(req), req.body.seq, provider, trySeconds),
      MSG_PAPERWORK.invoiceCancelled,
    ),
  );
  route(app, 'adminSetCompanyInvoiceInfo', async (req) => {
    const staffId = requireStaffId(req);
    const { companyId, ...fields } = req.body;
    const after = await db.transaction(async (tx) => {
      const before = await lockCompany(tx, companyId);
      if (!before) throw notFound(MSG_PAPERWORK.companyNotFound);
      const row = await updateCompany(tx, companyId, fields);
      const pick = (c: typeof before) => ({
        bizType: c.bizType,
        bizItem: c.bizItem,
        invoiceMail: c.invoiceMail,
        invoiceMode: c.invoiceMode as InvoiceMode,
      });
      await recordAudit(tx, {
        memberId: staffId,
        action: 'setCompanyInvoiceInfo',
        target: `company:${companyId}`,
        before: pick(before),
        after: pick(row!),
      });
      return { companyId, ...pick(row!) };
    });
    return created(after);
  });
}
