import { messageOf } from '../../../shared/api';
import { useNotify } from '../../../shared/ui/notify';
import { useCreditWrite } from '../api';
import { CREDIT_TEXTS } from '../texts';

const K = CREDIT_TEXTS.company;

/** 다시 보내기 of a statement (staff): its notice to the company's main account again. */
export function ResendStatement({ seq, name }: { seq: number; name: string }) {
  const notify = useNotify();
  const resend = useCreditWrite('adminResendStatement');
  return (
    <button
      type="button"
      className="btn btn-small"
      disabled={resend.isPending}
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
