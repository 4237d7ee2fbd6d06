import { useRequestAttempt } from '../../shared/request-id';
import { messageOf } from '../../shared/api';
import { useNotify } from '../../shared/ui/notify';
import { useReorder } from './api';
import { RT } from './texts';

/**
 * '다시 담기' (docs/requirements.md#reorder): the order's lines go into the cart at today's price;
 * the alert says per line what changed (price, stock, replaced number, no longer sold).
 */
export function ReorderButton({ seq, className = 'btn btn-small' }: { seq: number; className?: string }) {
  const notify = useNotify();
  const reorder = useReorder();
  // A retry after an answer that never came keeps its request id: the order goes into the cart once.
  const attempt = useRequestAttempt();
  const run = () =>
    reorder.mutate(
      { seq, clientRequestId: attempt.idFor(seq) },
      {
        onSuccess: (answer) => {
          attempt.answered();
          void notify.alert([answer.message, ...answer.results.map((l) => RT.line(l.name, l.message))].join('\n'));
        },
        onError: (e) => void notify.alert(messageOf(e)),
      },
    );
  return (
    <button type="button" className={className} onClick={run} disabled={reorder.isPending} aria-label={RT.label(seq)}>
      {reorder.isPending ? RT.busy : RT.button}
    </button>
  );
}
