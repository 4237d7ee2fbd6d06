import type { PaymentDraft } from '../../cart';
import { T } from '../../../shared/texts';
import { imageUrl } from '../../../shared/images';
import { PickBox } from '../../../shared/ui/PickBox';
import { LineInfo } from './LineInfo';
import '../checkout.css';

const t = T.trade.checkout;

/** The items to pay, each with a box to leave it out of this payment. */
export function ItemsBox({
  draft,
  included,
  onToggle,
}: {
  draft: PaymentDraft;
  included: Set<number>;
  onToggle: (index: number) => void;
}) {
  const items = draft.items;
  return (
    <section className="co-box" aria-label={t.items}>
      <h2>
        {t.items}
        <small className="muted">
          {' '}
          · {t.from[draft.source]} · {items[0]?.productInfo.stockName}
        </small>
      </h2>
      <ul className="co-items">
        {items.map((it, i) => (
          <li
            key={`${it.seq ?? 'p'}-${it.productId}`}
            className={included.has(i) ? '' : 'co-item-off'}
            data-testid="checkout-item"
          >
            <PickBox
              className="box-target"
              checked={included.has(i)}
              onToggle={() => onToggle(i)}
              label={t.includeItem(it.productInfo.name)}
            />
            <img src={imageUrl(it.productInfo.imgFiles[0])} alt="" width={48} height={48} />
            <LineInfo name={it.productInfo.name} pid={it.productInfo.pid} price={it.productInfo.price} qty={it.qty} />
          </li>
        ))}
      </ul>
    </section>
  );
}
