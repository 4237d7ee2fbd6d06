import type { Aging } from '@partsmall/contract';
import { won } from '../../../shared/format';
import { agingParts, agingTotal } from '../aging';
import { CREDIT_TEXTS } from '../texts';

const G = CREDIT_TEXTS.aging;

/**
 * What is owed by age (기한 전, 1~30일, 31~60일, 61~90일, 90일 초과): a bar of the shares and each bucket's
 * amount with the total (docs/requirements.md#credit).
 */
export function AgingBar({
  aging,
  title = G.title,
  level = 3,
}: {
  aging: Aging;
  title?: string;
  /** Its heading's level: 2 right under a page's title (the back office), 3 inside a section (the member area). */
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const parts = agingParts(aging);
  const total = agingTotal(aging);
  return (
    <section className="cr-aging" aria-label={G.label}>
      <Heading className="cr-subtitle">{title}</Heading>
      {total > 0 ? (
        <div className="cr-aging-bar" aria-hidden="true">
          {parts
            .filter((p) => p.amount > 0)
            .map((p) => (
              <span key={p.bucket} className={`cr-age-${p.bucket}`} style={{ flexGrow: Math.max(p.share, 1) }} />
            ))}
        </div>
      ) : (
        <p className="cr-muted">{G.none}</p>
      )}
      <dl className="cr-aging-list">
        {parts.map((p) => (
          <div key={p.bucket} className="cr-aging-item" data-testid={`aging-${p.bucket}`}>
            <dt>
              <span className={`cr-dot cr-age-${p.bucket}`} aria-hidden="true" />
              {p.label}
            </dt>
            <dd>
              {won(p.amount)}
              {total > 0 && <span className="cr-share"> {p.share}%</span>}
            </dd>
          </div>
        ))}
        <div className="cr-aging-item cr-aging-total">
          <dt>{G.total}</dt>
          <dd data-testid="aging-total">{won(total)}</dd>
        </div>
      </dl>
    </section>
  );
}
