import { warehouseLabel, type CartLine } from '@partsmall/contract';
import { T } from '../../../shared/texts';
import { orderable, type Group } from '../selection';
import { CartRow, MobileCartLine, type LineProps } from './CartLines';
import { PickBox } from '../../../shared/ui/PickBox';
import { TableHead } from '../../../shared/ui/TableHead';
import '../cart.css';

const t = T.trade.cart;

interface Props extends Pick<LineProps, 'onToggle' | 'onQty' | 'onRemove'> {
  group: Group;
  mobile: boolean;
  /** The group is the warehouse of the selection. */
  active: boolean;
  selected: Set<number>;
  onToggleGroup: (group: Group) => void;
}

/** One warehouse's lines with its select-all box: a table on the desktop, a list on phones. */
export function WarehouseGroup({
  group: g,
  mobile,
  active,
  selected,
  onToggleGroup,
  onToggle,
  onQty,
  onRemove,
}: Props) {
  const pickable = g.lines.filter(orderable);
  const allChecked = pickable.length > 0 && pickable.every((l) => selected.has(l.seq));
  const lineProps = (l: CartLine) => ({ line: l, checked: selected.has(l.seq), onToggle, onQty, onRemove });
  return (
    <section className={`cart-group${active ? ' cart-group-active' : ''}`} aria-label={g.stockName}>
      <header className="cart-group-head">
        <PickBox
          className="check"
          checked={allChecked}
          onToggle={() => onToggleGroup(g)}
          label={t.selectGroup(g.stockName)}
        >
          <span className={`warehouse wh-${g.storageId}`}>{warehouseLabel(g.stockName)}</span>
          <b>{g.stockName}</b>
        </PickBox>
        <span className="muted">{t.groupLines(g.lines.length)}</span>
      </header>
      {mobile ? (
        <ul className="m-cart-lines">
          {g.lines.map((l) => (
            <MobileCartLine key={l.seq} {...lineProps(l)} />
          ))}
        </ul>
      ) : (
        <table className="cart-table">
          <colgroup>
            <col className="c-check" />
            <col />
            <col className="c-price" />
            <col className="c-qty" />
            <col className="c-amount" />
            <col className="c-remove" />
          </colgroup>
          <TableHead
            cells={[
              <span className="sr-only">{t.cols.select}</span>,
              t.cols.product,
              t.cols.price,
              t.cols.qty,
              t.cols.amount,
              t.cols.remove,
            ]}
          />
          <tbody>
            {g.lines.map((l) => (
              <CartRow key={l.seq} {...lineProps(l)} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
