import { MSG_PAPERWORK, seoulDay, statementPeriod } from '@partsmall/contract';
import type { FastifyRequest } from 'fastify';
import { renderPdf } from '../../workers/pools.js';
import { route } from '../../shared/route.js';
import { type Api, type AppContext, requireMainAccount, requireMember } from '../../shared/context.js';
import { AppError, forbidden, ok, sendDocument } from '../../shared/http.js';
import { StatementInputError } from '../documents/index.js';
import { ledgerCsv, ledgerPdfInput, listLedger } from './ledger.js';
import { monthlyStatementInput, orderStatementInput, type PaperReader } from './statements.js';

/** Staff read any company's papers; a company member their own company's (another company's: 404). */
function readerOf(req: FastifyRequest): PaperReader {
  const auth = requireMember(req);
  const staff = auth.member.role === 'staff' || auth.member.role === 'admin';
  if (!staff && auth.member.companyId === null) throw forbidden();
  return { staff, companyId: auth.member.companyId };
}

/**
 * Whose PDFs are counted together in the PDF worker pool (docs/security.md#costly-work): a company's
 * members share their company's turns; a staff member has turns of their own.
 */
function pdfKey(req: FastifyRequest): string {
  const auth = requireMember(req);
  const staff = auth.member.role === 'staff' || auth.member.role === 'admin';
  return staff || auth.member.companyId === null ? `staff:${auth.member.id}` : `company:${auth.member.companyId}`;
}

/** A document the input cannot make (more rows than a document holds) is the caller's to narrow. */
async function rendered<T>(make: () => Promise<T>): Promise<T> {
  try {
    return await make();
  } catch (e) {
    if (e instanceof StatementInputError) throw new AppError(422, MSG_PAPERWORK.tooManyRows, 422, 'endDate');
    throw e;
  }
}

/** 거래명세서 and 캐시 원장 (docs/requirements.md#statements, docs/requirements.md#cash-ledger). */
export function paperworkRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;

  route(app, 'orderStatement', async (req, reply) => {
    const input = await orderStatementInput(db, readerOf(req), req.query.seq);
    return sendDocument(
      reply,
      await rendered(() => renderPdf({ kind: 'order', input }, pdfKey(req))),
      'application/pdf',
      `statement-${req.query.seq}.pdf`,
    );
  });

  route(app, 'monthlyStatement', async (req, reply) => {
    const reader = readerOf(req);
    if (!reader.staff) requireMainAccount(req);
    const period = statementPeriod(req.query);
    const input = await monthlyStatementInput(db, reader, { ...period, companyId: req.query.companyId });
    return sendDocument(
      reply,
      await rendered(() => renderPdf({ kind: 'monthly', input }, pdfKey(req))),
      'application/pdf',
      `statement-${period.startDate}-${period.endDate}.pdf`,
    );
  });

  route(app, 'getCashLedger', async (req) => {
    const { companyId } = requireMainAccount(req);
    const { results, total, balance } = await listLedger(db, companyId, req.body);
    return { ...ok(results, undefined, total), balance };
  });

  route(app, 'cashLedgerExport', async (req, reply) => {
    const { companyId } = requireMainAccount(req);
    // Named by its period, both days, as a period's 거래명세서 is; every row of all time: 'all' and the day made.
    const { startDate, endDate } = req.query;
    const name = startDate && endDate ? `cash-ledger-${startDate}-${endDate}` : `cash-ledger-all-${seoulDay()}`;
    if (req.query.format === 'csv')
      return sendDocument(reply, await ledgerCsv(db, companyId, req.query), 'text/csv; charset=utf-8', `${name}.csv`);
    const input = await ledgerPdfInput(db, companyId, req.query);
    const pdf = await rendered(() => renderPdf({ kind: 'ledger', input }, pdfKey(req)));
    return sendDocument(reply, pdf, 'application/pdf', `${name}.pdf`);
  });
}
