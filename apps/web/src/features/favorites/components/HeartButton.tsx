import { messageOf } from '../../../shared/api';
import { useNotify } from '../../../shared/ui/notify';
import { useProductMarks, useToggleFavorite } from '../api';
import { FAVORITE_TEXTS as F } from '../texts';
import '../favorites.css';

/**
 * The heart of a product (card, product page, popup, catalogue row): filled when the company keeps
 * it. Shown to company members only; the fill changes at once and goes back if the server refuses.
 */
export function HeartButton({
  productId,
  name,
  withLabel = false,
  className = '',
}: {
  productId: number;
  name: string;
  withLabel?: boolean;
  className?: string;
}) {
  const marks = useProductMarks();
  const toggle = useToggleFavorite();
  const notify = useNotify();
  if (!marks.enabled) return null;
  const on = marks.isFavorite(productId);
  return (
    <button
      type="button"
      className={`fav-heart ${className}`.trim()}
      aria-pressed={on}
      aria-label={withLabel ? undefined : on ? F.heartOn(name) : F.heartOff(name)}
      title={on ? F.heartOn(name) : F.heartOff(name)}
      data-testid="fav-heart"
      onClick={(e) => {
        e.stopPropagation();
        toggle.mutate({ productId, on: !on }, { onError: (err) => void notify.alert(messageOf(err)) });
      }}
    >
      <span aria-hidden="true">{on ? '♥' : '♡'}</span>
      {withLabel && <span className="fav-heart-label">{F.title}</span>}
    </button>
  );
}
