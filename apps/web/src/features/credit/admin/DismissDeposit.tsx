import { dismissDepositRequest, type DepositRow } from '@partsmall/contract';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { dateColumn } from '../../../shared/ui/columns';
import { useZodForm } from '../../../shared/ui/form';
import { useConfirmedWrite } from '../../../shared/ui/notify';
import { dismissedDepositsQuery, useCreditWrite } from '../api';
import { CREDIT_TEXTS } from '../texts';
import { DepositTable } from './DepositTable';
import { ReasonModal } from './ReasonModal';

const D = CREDIT_TEXTS.deposits;

/**
 * 제외 (api/admin/dismissDeposit; docs/requirements.md#credit-deposits): a deposit of the queue that
 * pays no customer's account (returned to the sender, a transfer between the shop's own accounts,
 * bank interest) is set aside with the reason staff write; it leaves the queue and pays nobody.
 */
export function DismissDeposit({ row }: { row: DepositRow }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-small" onClick={() => setOpen(true)}>
        {D.dismiss}
      </button>
      {open && <DismissModal row={row} onClose={() => setOpen(false)} />}
    </>
  );
}

function DismissModal({ row, onClose }: { row: DepositRow; onClose: () => void }) {
  const dismiss = useCreditWrite('adminDismissDeposit');
  const form = useZodForm(dismissDepositRequest, { seq: row.seq, reason: '' });
  const reason = {
    id: `f-dismiss-reason-${row.seq}`,
    label: D.dismissReason,
    hint: D.dismissHint,
    maxLength: 200,
  };
  return (
    <ReasonModal
      title={D.dismissTitle}
      lead={D.dismissText(row.depositorName, row.amount)}
      write={dismiss}
      form={form}
      reason={reason}
      submitLabel={D.dismiss}
      onClose={onClose}
    />
  );
}

/** 되돌리기 (api/admin/restoreDeposit): a deposit set aside by mistake goes back to the queue, after a confirmation. */
function Restore({ row }: { row: DepositRow }) {
  const ask = useConfirmedWrite();
  const restore = useCreditWrite('adminRestoreDeposit');
  const go = () =>
    ask({ title: D.restoreTitle, text: D.restoreText(row.depositorName, row.amount), confirmLabel: D.restore }, () =>
      restore.mutateAsync({ seq: row.seq }),
    );
  return (
    <button type="button" className="btn btn-small" onClick={go} disabled={restore.isPending}>
      {D.restore}
    </button>
  );
}

/**
 * 제외한 입금: what staff set aside, the newest first, with the reason, so the bank's account can be
 * reconciled line by line (every deposit applied, waiting, or set aside for a reason).
 */
export function DismissedDeposits() {
  const list = useQuery(dismissedDepositsQuery);
  return (
    <section className="admin-panel cr-dismissed" aria-label={D.dismissedTitle}>
      <h2>{D.dismissedTitle}</h2>
      <DepositTable
        label={D.dismissedTitle}
        query={list}
        emptyText={D.dismissedEmpty}
        rowTestId="dismissed-row"
        more={(shown, total) => <p className="field-hint">{D.dismissedMore(shown, total)}</p>}
        columns={[
          {
            id: 'reason',
            header: D.dismissReason,
            // 120 px (the whole reason in its title) keeps 되돌리기 in view beside the menu in a 1024 window.
            minWidth: 120,
            className: 'ellipsis',
            title: (r) => r.dismissReason,
            cell: (r) => r.dismissReason ?? '',
          },
          dateColumn('dismissed', D.dismissedAt, (r) => r.dismissedAt ?? r.created),
          { id: 'restore', header: D.restore, width: 100, className: 'center', cell: (r) => <Restore row={r} /> },
        ]}
      />
    </section>
  );
}
