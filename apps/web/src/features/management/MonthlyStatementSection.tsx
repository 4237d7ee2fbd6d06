import { useState } from 'react';
import { monthlyStatementRequest, seoulDay } from '@partsmall/contract';
import { apiFile, messageOf } from '../../shared/api';
import { openFile } from '../../shared/files';
import { PW } from '../../shared/paperwork-texts';
import { Field, Form, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { SectionHead } from './components/SectionHead';
import { type Range } from './components/date-range';
import '../../shared/ui/paperwork.css';
import './management.css';

const S = PW.monthly;

/** The first and last day of the month `offset` months from today's (Asia/Seoul), the last not after today. */
export function monthRange(today: string, offset: number): Range {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 + offset, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const end = day(last);
  return { startDate: day(first), endDate: end > today ? today : end };
}

/**
 * 월간 거래명세서 (docs/requirements.md#paperwork-screens): the company's statement of a period (at
 * most a year, the contract's rule) as one PDF in a new tab. Main account.
 */
export function MonthlyStatementSection() {
  const notify = useNotify();
  const today = seoulDay();
  const form = useZodForm(monthlyStatementRequest, monthRange(today, -1));
  const [busy, setBusy] = useState(false);
  const submit = (v: Range) => {
    setBusy(true);
    openFile(() => apiFile('monthlyStatement', { startDate: v.startDate, endDate: v.endDate }))
      .catch((e: unknown) => void notify.alert(messageOf(e)))
      .finally(() => setBusy(false));
  };
  const quick = (offset: number) => form.reset(monthRange(today, offset));
  return (
    <div>
      <SectionHead title={S.title} intro={S.intro} />
      <Form
        form={form}
        className="form mg-form mg-statement"
        alertInvalid
        aria-label={S.title}
        onSubmit={(v) => submit({ startDate: v.startDate ?? '', endDate: v.endDate ?? '' })}
      >
        <div className="form-grid">
          <Field name="startDate" id="mg-st-start" label={S.start} type="date" max={today} />
          <Field name="endDate" id="mg-st-end" label={S.end} type="date" max={today} />
        </div>
        <div className="mg-range-quick">
          <button type="button" className="btn btn-small" onClick={() => quick(-1)}>
            {S.lastMonth}
          </button>
          <button type="button" className="btn btn-small" onClick={() => quick(0)}>
            {S.thisMonth}
          </button>
        </div>
        <div className="mg-form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? S.busy : S.submit}
          </button>
        </div>
      </Form>
    </div>
  );
}
