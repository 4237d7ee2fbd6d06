import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { mayCall, type CreditAccountPage, type PaymentTerm, type ReceivableRow } from '@partsmall/contract';
import { messageOf } from '../../../shared/api';
import { dateTime, money, won } from '../../../shared/format';
import { useSession } from '../../../shared/session';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { DetailList } from '../../../shared/ui/DetailList';
import { Loading } from '../../../shared/ui/states';
import { creditAccountQuery } from '../api';
import { changeLines } from '../audit';
import { AgingBar } from '../components/AgingBar';
import { CreditFigures, CreditStatusBadge } from '../components/CreditFigures';
import { StatementTable } from '../components/StatementTable';
import { CREDIT_TEXTS, CREDIT_UNITS } from '../texts';
import { CreditAccountModal, LiftHoldModal } from './CreditAccountForm';
import { CompanyMonthClose } from './MonthClose';
import { PayFromCash } from './PayFromCash';
import { ResendStatement } from './ResendStatement';
import { dateColumn, ellipsisColumn } from '../../../shared/ui/columns';

const K = CREDIT_TEXTS.company;
const R = CREDIT_TEXTS.admin;

/** A ledger row's order, statement or deposit, as the ledger names it. */
export function ledgerRef(r: Pick<ReceivableRow, 'orderSeq' | 'statementSeq' | 'depositSeq'>): string {
  if (r.orderSeq !== null) return K.order(r.orderSeq);
  if (r.statementSeq !== null) return K.statement(r.statementSeq);
  if (r.depositSeq !== null) return K.deposit(r.depositSeq);
  return '-';
}

/** A signed amount: + owed more, − owed less (a typographic minus, as the money columns show). */
export function signed(amount: number): string {
  return amount > 0 ? `+${money(amount)}` : amount < 0 ? `−${money(-amount)}` : money(0);
}

const LEDGER_COLUMNS: Column<ReceivableRow>[] = [
  { id: 'date', header: K.ledgerCols.date, width: 130, className: 'center date', cell: (r) => dateTime(r.created) },
  { id: 'kind', header: K.ledgerCols.kind, width: 130, className: 'center', cell: (r) => r.kindLabel },
  { id: 'ref', header: K.ledgerCols.ref, width: 100, className: 'center', cell: ledgerRef },
  { id: 'note', header: K.ledgerCols.note, className: 'ellipsis', title: (r) => r.note, cell: (r) => r.note || '-' },
  {
    id: 'amount',
    header: CREDIT_UNITS.wonColumn(K.ledgerCols.amount),
    width: 110,
    className: 'money',
    cell: (r) => <span className={r.amount < 0 ? 'minus' : 'plus'}>{signed(r.amount)}</span>,
  },
  {
    id: 'after',
    header: CREDIT_UNITS.wonColumn(K.ledgerCols.after),
    width: 110,
    className: 'money',
    cell: (r) => money(r.balanceAfter),
  },
];

type AuditRow = CreditAccountPage['audit'][number];

function Settings({
  page,
  onEdit,
  onLift,
  mayEdit,
}: {
  page: CreditAccountPage;
  onEdit: () => void;
  onLift: () => void;
  mayEdit: boolean;
}) {
  const a = page.account;
  return (
    <section className="admin-panel cr-settings" aria-label={K.settings}>
      <h2>{K.settings}</h2>
      {a ? (
        <DetailList
          className="admin-dl"
          items={[
            {
              label: CREDIT_TEXTS.summary.status,
              value: <CreditStatusBadge status={a.status} label={a.statusLabel} />,
            },
            { label: CREDIT_TEXTS.summary.limit, value: won(a.limit), 'data-testid': 'account-limit' },
            { label: CREDIT_TEXTS.summary.term, value: a.termLabel, 'data-testid': 'account-term' },
            { label: K.graceDays, value: CREDIT_UNITS.days(a.graceDays) },
            { label: K.threshold, value: won(a.overdueThreshold) },
            { label: CREDIT_TEXTS.summary.mayExceed, value: a.allowExceed ? K.yes : K.no },
            { label: K.subAccounts, value: a.allowSubAccounts ? K.yes : K.no },
            { label: K.balance, value: won(page.balance), 'data-testid': 'ledger-sum' },
            { label: K.cash, value: won(page.cash), 'data-testid': 'company-cash' },
            a.holdReason ? { label: CREDIT_TEXTS.summary.holdReason, value: a.holdReason } : null,
          ]}
        />
      ) : (
        <p className="field-hint">{K.noAccount}</p>
      )}
      <div className="admin-actions">
        {mayEdit ? (
          <button type="button" className="btn btn-primary btn-small" onClick={onEdit}>
            {a ? K.edit : K.create}
          </button>
        ) : (
          <span className="field-hint">{K.adminOnly}</span>
        )}
        {a?.status === 'on_hold' && (
          <button type="button" className="btn btn-small" onClick={onLift}>
            {K.liftHold}
          </button>
        )}
      </div>
    </section>
  );
}

function AuditTable({ rows, terms }: { rows: AuditRow[]; terms: PaymentTerm[] }) {
  return (
    <DataTable<AuditRow>
      label={K.audit}
      rows={rows}
      emptyText={K.auditEmpty}
      rowTestId="credit-audit-row"
      columns={[
        dateColumn('date', K.auditCols.date, (r) => r.created),
        { id: 'actor', header: K.auditCols.actor, width: 110, cell: (r) => r.actorName },
        ellipsisColumn('reason', K.auditCols.reason, (r) => r.reason),
        {
          id: 'change',
          header: K.auditCols.change,
          cell: (r) => (
            <ul className="cr-changes">
              {changeLines(r, terms).map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}

/**
 * A company's credit page in the back office (docs/requirements.md#credit): limit, use and aging, the
 * settings and their edit (admin) and hold release (staff), the month's preview and close, the
 * statements with re-send, the receivables ledger and the audited changes.
 */
export function CompanyCredit({ companyId }: { companyId: number }) {
  const q = useQuery(creditAccountQuery(companyId));
  const role = useSession().userInfo?.role ?? null;
  const [layer, setLayer] = useState<'edit' | 'lift' | null>(null);
  const back = (
    <Link to="/admin/credit" className="cr-back">
      {R.back}
    </Link>
  );
  if (q.isPending) return <Loading className="page center" />;
  if (q.error)
    return (
      <div className="empty">
        {back}
        <p className="admin-error">{messageOf(q.error)}</p>
      </div>
    );
  const page = q.data;
  const title = K.title(page.account?.companyName ?? CREDIT_TEXTS.deposits.companyNo(companyId));
  return (
    <section className="cr-company">
      {back}
      <h1>{title}</h1>
      {page.summary && (
        <div className="cr-top">
          <CreditFigures summary={page.summary} />
          <AgingBar aging={page.summary.aging} level={2} />
        </div>
      )}
      <Settings
        page={page}
        mayEdit={mayCall(role, 'setCreditAccount')}
        onEdit={() => setLayer('edit')}
        onLift={() => setLayer('lift')}
      />
      {page.account && (
        <CompanyMonthClose
          companyId={companyId}
          companyName={page.account.companyName}
          mayClose={mayCall(role, 'closeMonth')}
        />
      )}
      <h2>{K.statements}</h2>
      <div className="cr-scroll">
        <StatementTable
          label={K.statements}
          rows={page.statements}
          actions={(r) => (
            <>
              <ResendStatement seq={r.seq} name={CREDIT_TEXTS.statements.month(r.month)} unpaid={r.unpaid} />
              {r.unpaid > 0 && page.cash > 0 && (
                <PayFromCash companyId={companyId} companyName={r.companyName} row={r} cash={page.cash} />
              )}
            </>
          )}
        />
      </div>
      <h2>{K.ledger}</h2>
      <div className="cr-scroll">
        <DataTable
          label={K.ledger}
          rows={page.ledger}
          columns={LEDGER_COLUMNS}
          emptyText={K.ledgerEmpty}
          rowTestId="receivable-row"
        />
      </div>
      <h2>{K.audit}</h2>
      <div className="cr-scroll">
        <AuditTable rows={page.audit} terms={page.terms} />
      </div>
      {layer === 'edit' && (
        <CreditAccountModal
          companyId={companyId}
          account={page.account}
          terms={page.terms}
          onClose={() => setLayer(null)}
        />
      )}
      {layer === 'lift' && <LiftHoldModal companyId={companyId} onClose={() => setLayer(null)} />}
    </section>
  );
}
