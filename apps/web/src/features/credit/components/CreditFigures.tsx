import type { CreditSummary } from '@partsmall/contract';
import { won } from '../../../shared/format';
import { usedPercent } from '../aging';
import { CREDIT_TEXTS } from '../texts';

const S = CREDIT_TEXTS.summary;

/** The status of a credit account as a badge (정상, 보류, 정지). */
export function CreditStatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`cr-badge cr-status-${status}`}>{label}</span>;
}

/**
 * 외상 한도 / 사용 / 사용 가능 with a gauge of the share used, the status and term, and the reason of a
 * hold (docs/requirements.md#credit): the buyer's summary and the head of the back office's page.
 */
export function CreditFigures({ summary }: { summary: CreditSummary }) {
  const percent = usedPercent(summary.used, summary.limit);
  const over = summary.used > summary.limit;
  return (
    <section className="cr-figures" aria-label={S.label}>
      <div className="cr-figures-head">
        <CreditStatusBadge status={summary.status} label={summary.statusLabel} />
        <span className="cr-term">
          {S.term} · {summary.termLabel}
        </span>
        {summary.allowExceed && <span className="cr-badge cr-exceed">{S.mayExceed}</span>}
      </div>
      <dl className="cr-figure-row">
        <div className="cr-figure">
          <dt>{S.limit}</dt>
          <dd data-testid="credit-limit">{won(summary.limit)}</dd>
        </div>
        <div className="cr-figure">
          <dt>{S.used}</dt>
          <dd data-testid="credit-used" className={over ? 'cr-over' : undefined}>
            {won(summary.used)}
          </dd>
        </div>
        <div className="cr-figure cr-figure-main">
          <dt>{S.available}</dt>
          <dd data-testid="credit-available">{won(summary.available)}</dd>
        </div>
      </dl>
      <div
        className="cr-gauge"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={S.usedShare(percent)}
      >
        <span
          className={over || percent >= 90 ? 'cr-gauge-fill cr-gauge-high' : 'cr-gauge-fill'}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="cr-gauge-label">{S.usedShare(percent)}</p>
      {/* What 사용 and 기간별 미수 differ by: a return after the close waits for the next one. */}
      {(summary.pendingCredit ?? 0) > 0 && (
        <p className="cr-pending" data-testid="credit-pending">
          {S.pending} <b data-testid="credit-pending-amount">{won(summary.pendingCredit ?? 0)}</b>
          <span className="cr-pending-hint">{S.pendingHint}</span>
        </p>
      )}
      {/* Credit a close left on a statement: the next close uses it on the next statement. */}
      {(summary.statementCredit ?? 0) > 0 && (
        <p className="cr-pending" data-testid="credit-statement-credit">
          {S.statementCredit(summary.statementCredit ?? 0)}
        </p>
      )}
      {summary.holdReason && (
        <p className="cr-hold" role="alert" data-testid="credit-hold">
          <b>{S.holdReason}</b> {summary.holdReason}
        </p>
      )}
    </section>
  );
}
