import { useState } from 'react';
import { apiFile, messageOf } from '../../../shared/api';
import { openFile } from '../../../shared/files';
import { PW } from '../../../shared/paperwork-texts';
import { useNotify } from '../../../shared/ui/notify';

/**
 * The 거래명세서 of one order (docs/requirements.md#paperwork-screens): GET api/orderStatement with
 * the session's token in the header, the PDF opened in a new tab. Used by the buyer's order detail,
 * the phone's orders, the member area's orders and the back office.
 */
export function StatementButton({ seq, className = 'btn btn-small' }: { seq: number; className?: string }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const open = () => {
    setBusy(true);
    openFile(() => apiFile('orderStatement', { seq }))
      .catch((e: unknown) => void notify.alert(messageOf(e)))
      .finally(() => setBusy(false));
  };
  return (
    <button
      type="button"
      className={className}
      onClick={open}
      disabled={busy}
      title={PW.statement.hint}
      data-testid="statement-button"
    >
      {busy ? PW.statement.busy : PW.statement.button}
    </button>
  );
}
