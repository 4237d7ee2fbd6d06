import {
  JOB_REF_MAX,
  OWN_NUMBER_LABEL,
  QUICK_ORDER_MAX_MEMO,
  QUICK_ORDER_MAX_QTY,
  type QuickOrderRowAnswer,
} from '@partsmall/contract';
import { won } from '../../shared/format';
import { RestockButton } from '../favorites';
import { heldText, whyNot, type Edit } from './table';
import { QT } from './texts';

/** The quick order table's rows (docs/requirements.md#quick-order): one per line, a card each on the phone. */
export function ResultHead() {
  return (
    <thead>
      <tr>
        <th scope="col">{QT.include}</th>
        <th scope="col">{QT.line}</th>
        <th scope="col">{QT.input}</th>
        <th scope="col">{QT.product}</th>
        <th scope="col">{QT.qty}</th>
        <th scope="col">{QT.memo}</th>
        <th scope="col">{QT.jobRef}</th>
      </tr>
    </thead>
  );
}

/** The free-text cells of a row (memo, job reference), each with its length cap. */
const TEXT_CELLS = [
  ['memo', QUICK_ORDER_MAX_MEMO],
  ['jobRef', JOB_REF_MAX],
] as const;

export function ResultRow({
  row,
  edit,
  onChange,
  onAsk,
}: {
  row: QuickOrderRowAnswer;
  edit: Edit;
  onChange: (patch: Partial<Edit>) => void;
  onAsk: () => void;
}) {
  const picked = row.candidates.find((c) => c.productId === edit.productId);
  const id = `qo-${row.line}`;
  const why = whyNot(row, edit);
  const held = row.partNumber ? '' : heldText(row);
  return (
    <tr className={`qo-${row.status}`}>
      <td data-label={QT.include}>
        {/* The checkbox's target is its label: 44 px on a phone (docs/requirements.md#look-and-language). */}
        <label className="box-target">
          <input
            type="checkbox"
            aria-label={`${row.line}${QT.line} ${QT.include}`}
            checked={edit.include}
            disabled={row.candidates.length === 0}
            onChange={(e) => onChange({ include: e.target.checked })}
          />
        </label>
      </td>
      <td data-label={QT.line}>{row.line}</td>
      <td data-label={QT.input}>
        {row.partNumber ? <code>{row.partNumber}</code> : held && <span className="qo-held">{held}</span>}
        <span className={`badge status-${row.status}`}>{QT.status[row.status]}</span>
        <p className="hint">{row.message}</p>
        {row.mergedLines.length > 0 && (
          <p className="hint qo-merged">
            {QT.merged(row.line, row.mergedLines, row.qty, row.orderQty, row.status === 'short')}
          </p>
        )}
        {row.status === 'unknown' && (
          <button type="button" className="link" onClick={onAsk}>
            {QT.ask}
          </button>
        )}
        {row.status === 'soldOut' && row.productId !== null && (
          <RestockButton productId={row.productId} stock={0} className="btn btn-small" />
        )}
      </td>
      <td data-label={QT.product}>
        {row.candidates.length > 1 ? (
          <select
            aria-label={`${row.line}${QT.line} ${QT.product}`}
            value={edit.productId ?? ''}
            onChange={(e) =>
              onChange({ productId: e.target.value ? Number(e.target.value) : null, include: e.target.value !== '' })
            }
          >
            <option value="">{QT.choosePlaceholder}</option>
            {row.candidates.map((c) => (
              <option key={c.productId} value={c.productId} disabled={c.stock <= 0}>
                {`${c.pid} ${c.name} · ${c.stockName} · ${won(c.price)} · ${QT.stock} ${c.stock} · ${c.label}`}
              </option>
            ))}
          </select>
        ) : picked ? (
          <span>
            {picked.name} <small>({picked.pid})</small>
          </span>
        ) : null}
        {picked && (
          <p className="hint">
            {picked.stockName} · {won(picked.price)} · {QT.stock} {picked.stock}
            {picked.label !== OWN_NUMBER_LABEL && ` · ${picked.label}`}
          </p>
        )}
      </td>
      <td data-label={QT.qty}>
        <input
          id={`${id}-qty`}
          aria-label={`${row.line}${QT.line} ${QT.qty}`}
          type="number"
          inputMode="numeric"
          min={1}
          max={picked ? picked.stock : QUICK_ORDER_MAX_QTY}
          value={edit.qty ?? ''}
          onChange={(e) => onChange({ qty: e.target.value === '' ? null : Math.trunc(Number(e.target.value) || 0) })}
          className="qty-input"
          aria-invalid={why ? true : undefined}
          aria-describedby={why ? `${id}-why` : undefined}
        />
        {why && (
          <p className="qo-why" id={`${id}-why`}>
            {why}
          </p>
        )}
      </td>
      {TEXT_CELLS.map(([key, max]) => (
        <td key={key} data-label={QT[key]}>
          <input
            aria-label={`${row.line}${QT.line} ${QT[key]}`}
            maxLength={max}
            value={edit[key]}
            onChange={(e) => onChange({ [key]: e.target.value })}
          />
        </td>
      ))}
    </tr>
  );
}
