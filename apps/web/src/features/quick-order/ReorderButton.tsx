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
  // Held, not disabled, while it works: a disabled button drops keyboard focus, and the alert it opens
  // then gave focus back to the page instead of to this button.
  return (
    <button
      type="button"
      className={className}
      onClick={() => !reorder.isPending && run()}
      aria-disabled={reorder.isPending || undefined}
      aria-label={RT.label(seq)}
    >
      {reorder.isPending ? RT.busy : RT.button}
    </button>
  );
}
