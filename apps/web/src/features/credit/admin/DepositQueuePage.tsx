import { seoulDay } from '@partsmall/contract';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DepositRow } from '@partsmall/contract';
import { messageOf } from '../../../shared/api';
import { useRequestAttempt } from '../../../shared/request-id';
import { Field, Form, useZodForm } from '../../../shared/ui/form';
import { WonField } from '../../../shared/ui/WonField';
import { useAnswerNotes, useConfirmedWrite, useNotify } from '../../../shared/ui/notify';
import { depositQueueQuery, useCreditWrite, useImportDeposits } from '../api';
import { depositForm, wholeNumber, type DepositFormValues } from '../form';
import { CREDIT_TEXTS } from '../texts';
import '../credit.css';
import { DepositTable } from './DepositTable';
import { DismissDeposit, DismissedDeposits } from './DismissDeposit';

const D = CREDIT_TEXTS.deposits;

/** Gives a queued deposit its company: a candidate the name matched, or a number typed by staff. */
function Assign({ row }: { row: DepositRow }) {
  const notify = useNotify();
  const ask = useConfirmedWrite();
  const assign = useCreditWrite('adminAssignDeposit');
  const [picked, setPicked] = useState(row.candidates[0] ? String(row.candidates[0].companyId) : '');
  const companyId = wholeNumber(picked);
  const name = row.candidates.find((c) => c.companyId === companyId)?.companyName ?? D.companyNo(companyId);
  const go = () => {
    if (!Number.isInteger(companyId) || companyId < 1) return void notify.alert(CREDIT_TEXTS.common.companyIdInvalid);
    ask({ title: D.assignTitle, text: D.assignText(row.amount, name), confirmLabel: D.assign }, () =>
      assign.mutateAsync({ seq: row.seq, companyId }),
    );
  };
  const id = `f-assign-${row.seq}`;
  return (
    <span className="cr-assign" role="group" aria-label={D.assignOf(row.depositorName)}>
      {row.candidates.length > 0 ? (
        <select id={id} aria-label={D.pickCompany} value={picked} onChange={(e) => setPicked(e.target.value)}>
          {row.candidates.map((c) => (
            <option key={c.companyId} value={c.companyId}>
              {c.companyName} ({c.companyId})
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          aria-label={D.companyId}
          inputMode="numeric"
          size={6}
          value={picked}
          placeholder={D.companyId}
          onChange={(e) => setPicked(e.target.value)}
        />
      )}
      <button type="button" className="btn btn-small btn-primary" onClick={go} disabled={assign.isPending}>
        {D.assign}
      </button>
    </span>
  );
}

/** What a deposit just recorded did: the statements and cash it paid and why, or why it waits. */
export function placedLine(d: DepositRow): string {
  if (d.status === 'review') return D.queuedLine(d.depositorName, d.reviewReason ?? '');
  const parts = d.applications.map((a) =>
    a.toCash || a.month === null ? D.placedCash(a.amount) : D.placedStatement(a.month, a.amount),
  );
  return D.placed(d.companyName ?? D.companyNo(d.companyId ?? 0), parts, d.rule ?? d.statusLabel);
}

/**
 * 입금 등록: a bank deposit staff type in (api/admin/recordDeposit), matched by itself. The same
 * values sent again after an answer that never came keep their clientRequestId, so the server
 * records the deposit once ('이미 반영한 입금입니다.'); values changed, or a deposit recorded, start
 * a new one (docs/requirements.md#credit-deposits).
 */
function RecordDeposit() {
  const record = useCreditWrite('adminRecordDeposit');
  const empty = { depositorName: '', amount: '', depositedAt: seoulDay(), companyId: '' };
  const form = useZodForm(depositForm, empty);
  const [last, setLast] = useState<string | null>(null);
  const attempt = useRequestAttempt();
  const recorded = useAnswerNotes((a: { message: string; results?: DepositRow }) => {
    attempt.answered();
    setLast(a.results ? placedLine(a.results) : null);
    form.reset(empty);
  });
  const send = (v: DepositFormValues) => {
    record.mutate({ ...v, clientRequestId: attempt.idFor(v) }, recorded);
  };
  return (
    <Form form={form} className="admin-panel form" alertInvalid aria-label={D.record} onSubmit={send}>
      <h2>{D.record}</h2>
      <p className="field-hint">{D.recordIntro}</p>
      <div className="admin-form-grid">
        <Field name="depositorName" id="f-dep-name" label={D.depositorName} maxLength={40} />
        <WonField name="amount" id="f-dep-amount" label={D.amount} />
        <Field name="depositedAt" id="f-dep-date" label={D.depositedAt} type="date" />
        <Field name="companyId" id="f-dep-company" label={D.companyOptional} inputMode="numeric" />
      </div>
      <button type="submit" className="btn btn-primary btn-small" disabled={record.isPending}>
        {D.save}
      </button>
      {last && (
        <p role="status" className="admin-ok" data-testid="deposit-placed">
          {last}
        </p>
      )}
    </Form>
  );
}

/** 입금내역 파일: a bank's file (CSV/xlsx) imported; what was applied, queued and refused is said. */
function ImportDeposits() {
  const notify = useNotify();
  const imp = useImportDeposits();
  const [result, setResult] = useState<{ line: string; errors: { row: number; message: string }[] } | null>(null);
  // A refused file's reason, said in the panel too: the summary of the file before it is cleared, so it
  // cannot read as this file's.
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <section className="admin-panel" aria-label={D.import}>
      <h2>{D.import}</h2>
      <p className="field-hint">{D.importHint}</p>
      <label className="btn btn-small">
        {imp.isPending ? D.importBusy : D.import}
        <input
          type="file"
          className="sr-only"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-label={D.import}
          disabled={imp.isPending}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            setResult(null);
            setRefused(null);
            imp.mutate(file, {
              onSuccess: (a) => {
                const r = a.results!;
                setResult({ line: D.imported(r.rows, r.applied, r.review, r.duplicates), errors: r.errors });
                notify.toast(a.message);
              },
              onError: (err) => {
                const message = messageOf(err);
                setRefused(message);
                void notify.alert(message);
              },
            });
          }}
        />
      </label>
      {refused && (
        <p className="admin-error" role="alert">
          {refused}
        </p>
      )}
      {result && (
        <div role="status">
          <p className="admin-ok">{result.line}</p>
          {result.errors.length > 0 && (
            <>
              <p className="admin-error">{D.importErrors}</p>
              <ul className="cr-changes">
                {result.errors.map((x) => (
                  <li key={x.row}>
                    {x.row}: {x.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * /admin/deposits (docs/requirements.md#credit): the deposits whose name matched no company or two,
 * each given its company by staff or set aside with a reason; beside them, a deposit typed in and a bank file imported.
 */
export default function DepositQueuePage() {
  const queue = useQuery(depositQueueQuery);
  return (
    <section className="cr-admin">
      <h1>{D.title}</h1>
      <p className="admin-lead">{D.intro}</p>
      <DepositTable
        label={D.queueLabel}
        query={queue}
        emptyText={D.empty}
        rowTestId="deposit-row"
        more={(shown, total) => (
          <p className="admin-lead" data-testid="deposit-queue-more">
            {D.more(shown, total)}
          </p>
        )}
        columns={[
          {
            id: 'source',
            header: D.cols.source,
            width: 80,
            className: 'center',
            cell: (r) => D.sources[r.source] ?? r.source,
          },
          {
            id: 'reason',
            header: D.cols.reason,
            className: 'ellipsis',
            title: (r) => r.reviewReason,
            cell: (r) => r.reviewReason ?? r.statusLabel,
          },
          {
            id: 'assign',
            header: D.cols.assign,
            width: 360,
            cell: (r) => (
              <span className="cr-queue-actions">
                <Assign row={r} />
                <DismissDeposit row={r} />
              </span>
            ),
          },
        ]}
      />
      <div className="admin-grid2">
        <RecordDeposit />
        <ImportDeposits />
      </div>
      <DismissedDeposits />
    </section>
  );
}
