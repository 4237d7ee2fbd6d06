import { seoulDay } from '@partsmall/contract';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import type { StatementLine } from '@partsmall/contract';
import { messageOf } from '../../../shared/api';
import { won } from '../../../shared/format';
import { DataTable } from '../../../shared/ui/DataTable';
import { DetailList } from '../../../shared/ui/DetailList';
import { Field, Form, useZodForm } from '../../../shared/ui/form';
import { useNotify } from '../../../shared/ui/notify';
import { Loading } from '../../../shared/ui/states';
import { previewQuery, useCreditWrite } from '../api';
import { monthForm, previousMonth } from '../form';
import { CREDIT_TEXTS } from '../texts';
import { ellipsisColumn } from '../../../shared/ui/columns';
import { wonColumn } from '../columns';
import { StatementStatus } from '../components/StatementTable';

const M = CREDIT_TEXTS.close;

/** Runs api/admin/closeMonth after a confirmation and says what it made. */
function useCloseMonth() {
  const notify = useNotify();
  const close = useCreditWrite('adminCloseMonth');
  const [result, setResult] = useState<string | null>(null);
  const run = (month: string, company?: { id: number; name: string }) =>
    void notify
      .confirm(
        {
          title: M.confirmTitle,
          text: M.confirmText(month, company?.name),
          confirmLabel: M.run,
          busyLabel: M.running,
        },
        () => close.mutateAsync({ month, ...(company ? { companyId: company.id } : {}) }),
      )
      .then(
        (a) => {
          if (!a?.results) return;
          const line = M.result(a.results.closed, a.results.already, a.results.parked, a.results.caughtUp);
          setResult(line);
          notify.toast(a.message || line);
        },
        (e: unknown) => void notify.alert(messageOf(e)),
      );
  return { run, result, busy: close.isPending };
}

function MonthField({ id }: { id: string }) {
  return <Field name="month" id={id} label={M.month} type="month" hint={M.monthHint} />;
}

/** 월 마감 of every company (admin): the month, then the close (idempotent: a second run makes nothing). */
export function MonthCloseForAll() {
  const form = useZodForm(monthForm, { month: previousMonth(seoulDay()) });
  const close = useCloseMonth();
  return (
    <Form
      form={form}
      className="admin-panel form cr-close"
      alertInvalid
      aria-label={M.title}
      onSubmit={(v) => close.run(v.month)}
    >
      <h2>{M.title}</h2>
      <p className="field-hint">{M.intro}</p>
      <div className="cr-close-row">
        <MonthField id="f-close-month" />
        <button type="submit" className="btn btn-primary" disabled={close.busy}>
          {close.busy ? M.running : M.runAll}
        </button>
      </div>
      {close.result && (
        <p className="admin-ok" role="status" data-testid="close-result">
          {close.result}
        </p>
      )}
    </Form>
  );
}

/** The preview of a company's statement: its figures and lines, as the close would make it. */
function Preview({ companyId, month }: { companyId: number; month: string }) {
  const q = useQuery(previewQuery(companyId, month));
  if (q.isPending) return <Loading className="empty" />;
  if (q.error) return <p className="admin-error">{messageOf(q.error)}</p>;
  const p = q.data;
  return (
    <div className="cr-preview" data-testid="statement-preview">
      <h3 className="cr-subtitle">{M.previewOf(CREDIT_TEXTS.statements.month(month))}</h3>
      {p.catchUpMonths.length > 0 && (
        <p className="field-hint" data-testid="preview-catch-up">
          {M.catchUp(p.catchUpMonths.map(CREDIT_TEXTS.statements.month).join(', '))}
        </p>
      )}
      <DetailList
        className="admin-dl cr-preview-figures"
        items={[
          { label: M.opening, value: won(p.opening) },
          { label: M.charges, value: won(p.charges) },
          { label: M.credits, value: won(p.credits) },
          { label: M.payments, value: won(p.payments) },
          p.adjustments !== 0 && { label: M.adjustments, value: won(p.adjustments) },
          { label: M.closing, value: <b>{won(p.closing)}</b> },
          { label: M.amountDue, value: won(p.amountDue), 'data-testid': 'preview-due-amount' },
          { label: M.due, value: `${p.dueDate} (${p.termLabel})` },
          p.makesStatement && { label: M.status, value: <StatementStatus row={p} />, 'data-testid': 'preview-status' },
        ]}
      />
      {!p.makesStatement && (
        <p className="field-hint" data-testid="preview-no-statement">
          {M.noStatement}
        </p>
      )}
      <DataTable<StatementLine>
        label={M.lines}
        rows={p.lines}
        rowKey={(l) => l.receivableSeq}
        emptyText={M.noLines}
        columns={[
          { id: 'date', header: M.lineCols.date, width: 100, className: 'center date', cell: (l) => l.date },
          { id: 'kind', header: M.lineCols.kind, width: 130, className: 'center', cell: (l) => l.kindLabel },
          ellipsisColumn('desc', M.lineCols.description, (l) => l.description),
          wonColumn<StatementLine>('amount', M.lineCols.amount, 110, (l) => l.amount),
        ]}
      />
    </div>
  );
}

/**
 * A company's month (docs/requirements.md#credit): preview its statement before the close (nothing is
 * saved), and close it for this company alone (admin).
 */
export function CompanyMonthClose({
  companyId,
  companyName,
  mayClose,
}: {
  companyId: number;
  companyName: string;
  mayClose: boolean;
}) {
  const form = useZodForm(monthForm, { month: previousMonth(seoulDay()) });
  const typed = useWatch({ control: form.control, name: 'month' });
  const [shown, setShown] = useState<string | null>(null);
  const close = useCloseMonth();
  return (
    <section className="admin-panel cr-close" aria-label={M.title}>
      <Form form={form} className="form" alertInvalid aria-label={M.preview} onSubmit={(v) => setShown(v.month)}>
        <h2>{M.title}</h2>
        <div className="cr-close-row">
          <MonthField id="f-company-close-month" />
          <button type="submit" className="btn">
            {M.preview}
          </button>
          {mayClose && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={close.busy}
              onClick={() => void form.handleSubmit((v) => close.run(v.month, { id: companyId, name: companyName }))()}
            >
              {close.busy ? M.running : M.run}
            </button>
          )}
        </div>
      </Form>
      {close.result && (
        <p className="admin-ok" role="status" data-testid="close-result">
          {close.result}
        </p>
      )}
      {shown && shown === typed && <Preview companyId={companyId} month={shown} />}
    </section>
  );
}
