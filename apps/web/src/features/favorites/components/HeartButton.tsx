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
      <HeartIcon filled={on} />
      {withLabel && <span className="fav-heart-label">{F.title}</span>}
    </button>
  );
}

/**
 * The heart drawn, not written: a ♡ character would be the button's visible text, and a name
 * that does not contain it fails WCAG 2.5.3 (label in name) for speech users.
 */
function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg className="fav-heart-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 6.9 4.5c2 0 3.5 1.1 5.1 3 1.6-1.9 3.1-3 5.1-3 3.5 0 5.5 3.5 4.2 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}
