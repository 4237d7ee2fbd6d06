import { messageOf } from '../../../shared/api';
import { useNotify } from '../../../shared/ui/notify';
import { useCreditWrite } from '../api';
import { CREDIT_TEXTS } from '../texts';

const K = CREDIT_TEXTS.company;

/**
 * 다시 보내기 of a statement (staff): its notice to the company's main account again. Off for a
 * statement with nothing left to pay, the reason in its title: the notice asks the buyer to pay, and
 * the server refuses it (docs/requirements.md#monthly-close). A refusal or '방금 다시 보낸' answer
 * (a colleague pressed it a moment before) is the server's message.
 */
export function ResendStatement({ seq, name, unpaid }: { seq: number; name: string; unpaid: number }) {
  const notify = useNotify();
  const resend = useCreditWrite('adminResendStatement');
  const paid = unpaid <= 0;
  return (
    <button
      type="button"
      className="btn btn-small"
      disabled={resend.isPending || paid}
      title={paid ? K.resendPaid : undefined}
      aria-label={K.resendOf(name)}
      onClick={() =>
        resend.mutate(
          { seq },
          { onSuccess: (a) => notify.toast(a.message), onError: (e) => void notify.alert(messageOf(e)) },
        )
      }
    >
      {K.resend}
    </button>
  );
}
