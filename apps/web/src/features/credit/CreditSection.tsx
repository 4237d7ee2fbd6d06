import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE, type StatementRow } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { useCash } from '../../shared/session';
import { reloadBaseInfo } from '../../shared/trade';
import { useConfirmedWrite, useNotify } from '../../shared/ui/notify';
import { usePaymentWindow } from '../../shared/ui/payment-window';
import { Loading, Spinner } from '../../shared/ui/states';
import { creditKeys, creditSummaryQuery, statementsQuery, useCreditWrite } from './api';
import { AgingBar } from './components/AgingBar';
import { CreditFigures } from './components/CreditFigures';
import { StatementTable } from './components/StatementTable';
import { CREDIT_TEXTS } from './texts';
import './credit.css';

const C = CREDIT_TEXTS.section;
/** How long the page reads again after a payment window closed. */
const WATCH_MS = 30_000;
const S = CREDIT_TEXTS.statements;

/**
 * Pays a statement (api/payStatement): by card, its payment window opens; from cash, it is paid at
 * once after a question; by virtual account, the account is told, and where the payment provider has
 * a page for it (the demo bank of the sandbox) that page opens in the same window. When the window
 * closes the statements and the summary are read again, and every 2 s for a while after: a deposit or
 * a card payment is applied by a job, a moment later.
 */
function useStatementPay() {
  const notify = useNotify();
  const client = useQueryClient();
  const pay = useCreditWrite('payStatement');
  const [watching, setWatching] = useState(false);
  useEffect(() => {
    if (!watching) return;
    const stop = setTimeout(() => setWatching(false), WATCH_MS);
    return () => clearTimeout(stop);
  }, [watching]);
  const onClosed = useCallback(() => {
    void client.invalidateQueries({ queryKey: creditKeys.all });
    setWatching(true);
    notify.toast(S.payClosed);
  }, [client, notify]);
  const popup = usePaymentWindow(onClosed);
  const start = (row: StatementRow, method: 'card' | 'virtualAccount') =>
    pay.mutate(
      { seq: row.seq, method },
      {
        onSuccess: (a) => {
          // A card's payment window; for a virtual account, the sandbox's demo bank in demo mode.
          const url = a.results?.online_url ?? a.results?.demoBankUrl;
          const va = a.results?.virtualAccount;
          if (!url) return void notify.alert(va ? S.accountLine(va.bank, va.accountNumber, va.holder) : a.message);
          if (!popup.open(url)) return void notify.alert(S.popupBlocked);
          notify.toast(method === 'card' ? S.payStarted : S.accountOpened);
        },
        onError: (e) => void notify.alert(messageOf(e)),
      },
    );
  // From the company's cash: asked first with what it will pay, then paid at once; the cash shown reads again.
  const confirmed = useConfirmedWrite();
  // `pending`: a return after the close, which this statement still bills (the next close takes it off).
  const fromCash = (row: StatementRow, amount: number, pending: number) =>
    confirmed(
      {
        title: S.cashTitle,
        text: S.cashConfirm(S.month(row.month), amount, pending),
        confirmLabel: S.cash,
        busyLabel: S.cashBusy,
      },
      async () => {
        const answer = await pay.mutateAsync({ seq: row.seq, method: 'cash' });
        reloadBaseInfo();
        return answer;
      },
    );
  return {
    start,
    fromCash,
    busy: pay.isPending || popup.isOpen,
    refetchInterval: watching ? 2_000 : (false as const),
  };
}

/**
 * 외상 거래 of the member area (docs/requirements.md#credit): the main account (and a sub-account the
 * main account allowed) sees the limit, what is used and left, the status and a hold's reason, what is
 * owed by age, and the statements with their PDF, virtual account, card payment and payment from cash.
 */
export function CreditSection({ head }: { head?: (title: string, intro: string) => ReactNode }) {
  const pay = useStatementPay();
  const cash = useCash();
  const summary = useQuery({ ...creditSummaryQuery, refetchInterval: pay.refetchInterval });
  const [page, setPage] = useState(1);
  const has = summary.data?.summary != null;
  const list = useQuery({ ...statementsQuery(page), enabled: has, refetchInterval: pay.refetchInterval });

  /** A statement's button to pay it by card or by deposit, named with its month for screen readers. */
  const payButton = (
    r: StatementRow,
    method: 'card' | 'virtualAccount',
    className: string,
    label: string,
    nameOf: (month: string) => string,
  ) => (
    <button
      type="button"
      className={className}
      disabled={pay.busy}
      aria-label={nameOf(S.month(r.month))}
      onClick={() => pay.start(r, method)}
    >
      {label}
    </button>
  );

  const body = () => {
    if (summary.isPending) return <Loading className="empty" />;
    if (summary.error) return <p className="notice-warn">{messageOf(summary.error)}</p>;
    const s = summary.data.summary;
    if (!s) return <p className="notice-warn">{summary.data.refusal ?? C.noAccount}</p>;
    const pending = s.pendingCredit ?? 0;
    return (
      <>
        <div className="cr-top">
          <CreditFigures summary={s} />
          <AgingBar aging={s.aging} />
        </div>
        <h3 className="cr-subtitle">
          {S.title} {list.isFetching && <Spinner />}
        </h3>
        {pending > 0 && (
          <p className="cr-pending" data-testid="statement-pending-note">
            {S.pendingNote(pending, Boolean(list.data?.results?.some((r) => r.unpaid > 0)))}
          </p>
        )}
        <StatementTable
          label={S.title}
          query={list}
          paging={{ page, size: PAGE_SIZE.memberArea, onPage: setPage }}
          actions={(r) =>
            r.unpaid > 0 && (
              <>
                {payButton(r, 'card', 'btn btn-small btn-primary', S.pay, S.payOf)}
                {/* The account is issued at the close by a job, or now by payStatement when it has not yet. */}
                {payButton(r, 'virtualAccount', 'btn btn-small', S.deposit, S.depositOf)}
                {cash > 0 && (
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={pay.busy}
                    aria-label={S.cashOf(S.month(r.month))}
                    onClick={() => pay.fromCash(r, Math.min(r.unpaid, cash), pending)}
                  >
                    {S.cash}
                  </button>
                )}
              </>
            )
          }
        />
        <p className="field-hint cr-note">{S.payNote}</p>
      </>
    );
  };
  return (
    <div className="cr-section">
      {head?.(C.title, C.intro)}
      {body()}
    </div>
  );
}
