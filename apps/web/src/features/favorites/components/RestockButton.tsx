import { messageOf } from '../../../shared/api';
import { useNotify } from '../../../shared/ui/notify';
import { useProductMarks, useToggleRestockAlert } from '../api';
import { FAVORITE_TEXTS as F } from '../texts';
import '../favorites.css';

/**
 * '재입고 알림 신청' on a sold-out product (docs/requirements.md#restock-alerts); '신청됨' once asked,
 * which withdraws the request when pressed. Nothing for a product in stock or a visitor.
 */
export function RestockButton({
  productId,
  stock,
  className = 'btn',
}: {
  productId: number;
  stock: number;
  className?: string;
}) {
  const marks = useProductMarks();
  const toggle = useToggleRestockAlert();
  const notify = useNotify();
  if (!marks.enabled || stock > 0) return null;
  const asked = marks.isAwaited(productId);
  return (
    <button
      type="button"
      className={`${className} fav-restock`}
      aria-pressed={asked}
      title={asked ? F.restockAskedHint : undefined}
      data-testid="restock-alert"
      onClick={() =>
        toggle.mutate(
          { productId, on: !asked },
          {
            onSuccess: (a) => notify.toast(a.message),
            onError: (err) => void notify.alert(messageOf(err)),
          },
        )
      }
    >
      {asked ? `✓ ${F.restockAsked}` : F.restockAsk}
    </button>
  );
}
