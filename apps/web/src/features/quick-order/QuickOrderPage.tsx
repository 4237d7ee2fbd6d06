import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import {
  ESTIMATE_ROLE_LABEL,
  JOB_REF_MAX,
  OWN_NUMBER_LABEL,
  QUICK_ORDER_MAX_MEMO,
  QUICK_ORDER_MAX_QTY,
  QUICK_ORDER_MSG,
  type EstimateColumns,
  type EstimateRole,
  type QuickOrderRowAnswer,
} from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { won } from '../../shared/format';
import { pathFor } from '../../shared/paths';
import { useRequestAttempt } from '../../shared/request-id';
import { Form, TextAreaField, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { useAddQuickOrderToCart, useResolveQuickOrder } from './api';
import { correctedRoles } from './columns';
import { QT } from './texts';
import { RestockButton } from '../favorites';
import { leaveInquiry } from '../chat';
import { openPopup, POPUP } from '../../shared/ui/popup';
import './quick-order.css';

const pasteForm = z.object({ text: z.string().trim().min(1, QUICK_ORDER_MSG.empty) });

/** What an estimate was read from: the pasted text or the uploaded file, read again when the buyer corrects its columns. */
type EstimateSource = { text: string } | { file: File };

/** What the buyer changed on a resolved line. */
interface Edit {
  include: boolean;
  productId: number | null;
  qty: number;
  memo: string;
  jobRef: string;
}

const editOf = (row: QuickOrderRowAnswer): Edit => ({
  include: row.productId !== null && row.orderQty > 0,
  productId: row.productId,
  qty: row.orderQty > 0 ? row.orderQty : (row.qty ?? 1),
  memo: row.memo,
  jobRef: '',
});

/** A line can go to the cart: a product picked and a quantity from 1 to the stock. */
function ready(row: QuickOrderRowAnswer, edit: Edit): boolean {
  const c = row.candidates.find((x) => x.productId === edit.productId);
  return edit.include && !!c && edit.qty >= 1 && edit.qty <= Math.min(c.stock, QUICK_ORDER_MAX_QTY);
}

/**
 * The table outlives a visit to the chat (the phone's chat is a page of its own): kept in this tab's
 * storage until the lines go to the cart.
 */
const TABLE_KEY = 'quickOrderTable';

function storedTable(): { rows: QuickOrderRowAnswer[]; edits: Edit[] } {
  try {
    const kept = JSON.parse(sessionStorage.getItem(TABLE_KEY) ?? 'null') as {
      rows?: QuickOrderRowAnswer[];
      edits?: Edit[];
    } | null;
    if (kept && Array.isArray(kept.rows) && Array.isArray(kept.edits) && kept.rows.length === kept.edits.length)
      return { rows: kept.rows, edits: kept.edits };
  } catch {
    /* storage blocked or a stale shape: an empty table */
  }
  return { rows: [], edits: [] };
}

function keepTable(rows: QuickOrderRowAnswer[], edits: Edit[]) {
  try {
    if (rows.length === 0) sessionStorage.removeItem(TABLE_KEY);
    else sessionStorage.setItem(TABLE_KEY, JSON.stringify({ rows, edits }));
  } catch {
    /* storage blocked: the table lasts while the page is open */
  }
}

/** /quickOrder and /mobileQuickOrder (docs/requirements.md#quick-order): paste or file → table → cart. */
export function QuickOrderPage({ mobile = false }: { mobile?: boolean }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const resolve = useResolveQuickOrder();
  const add = useAddQuickOrderToCart();
  const attempt = useRequestAttempt();
  const [rows, setRows] = useState<QuickOrderRowAnswer[]>(() => storedTable().rows);
  const [edits, setEdits] = useState<Edit[]>(() => storedTable().edits);
  useEffect(() => keepTable(rows, edits), [rows, edits]);
  // The columns an estimate was read by, and the pasted text or uploaded file they can be corrected
  // for: the same text or file is read again with the buyer's columns (docs/search.md#paste-anything).
  const [columns, setColumns] = useState<{ read: EstimateColumns; source: EstimateSource } | null>(null);
  // An unknown number is asked about in the chat with the number and quantity already written; the
  // table stays (desktop: the chat is a popup; phone: the table is kept for the way back).
  const ask = (row: QuickOrderRowAnswer) => {
    leaveInquiry({ kind: 'number', pid: row.partNumber, quantity: Math.max(1, row.qty ?? 1) });
    if (mobile) void navigate(pathFor('chat', true));
    else openPopup('/chat', 'chat', POPUP.chat);
  };
  const form = useZodForm(pasteForm, { text: '' });

  const show = (source: EstimateSource) => (answer: { results: QuickOrderRowAnswer[]; columns?: EstimateColumns }) => {
    setRows(answer.results);
    setEdits(answer.results.map(editOf));
    setColumns(answer.columns ? { read: answer.columns, source } : null);
  };
  const read = (source: EstimateSource, roles?: EstimateRole[]) =>
    resolve.mutate(
      { ...source, ...(roles ? { columns: roles } : {}) },
      { onSuccess: show(source), onError: (e) => void notify.alert(messageOf(e)) },
    );
  const onPaste = (v: { text: string }) => read({ text: v.text });
  const onFile = (file: File | undefined) => {
    if (file) read({ file });
  };
  const correct = (index: number, role: EstimateRole) => {
    if (columns) read(columns.source, correctedRoles(columns.read.roles, index, role));
  };
  const change = (i: number, patch: Partial<Edit>) =>
    setEdits((list) => list.map((e, j) => (j === i ? { ...e, ...patch } : e)));

  const readyCount = rows.filter((r, i) => ready(r, edits[i]!)).length;
  const mergedCount = rows.reduce((n, r) => n + r.mergedLines.length, 0);
  const putAll = () => {
    const lines = rows
      .map((r, i) => ({ r, e: edits[i]! }))
      .filter(({ r, e }) => ready(r, e))
      .map(({ e }) => ({
        productId: e.productId!,
        qty: e.qty,
        ...(e.memo ? { memo: e.memo } : {}),
        ...(e.jobRef.trim() ? { jobRef: e.jobRef.trim() } : {}),
      }));
    if (lines.length === 0) return void notify.alert(QT.nothingToPut);
    // A retry of lines whose answer never came keeps its request id: they go into the cart once.
    add.mutate(
      { lines, clientRequestId: attempt.idFor(lines) },
      {
        onSuccess: (answer) => {
          attempt.answered();
          notify.toast(answer.message);
          keepTable([], []);
          void navigate(pathFor('cart', mobile));
        },
        onError: (e) => void notify.alert(messageOf(e)),
      },
    );
  };

  return (
    <div className={mobile ? 'm-page quick-order' : 'page quick-order'}>
      <h1>{QT.title}</h1>
      <p className="lead">{QT.lead}</p>
      <Form form={form} onSubmit={onPaste} alertInvalid aria-label={QT.paste}>
        <TextAreaField name="text" label={QT.paste} hint={QT.pasteHint} rows={mobile ? 6 : 8} spellCheck={false} />
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={resolve.isPending}>
            {resolve.isPending ? QT.checking : QT.check}
          </button>
          <FileButton onFile={onFile} />
        </div>
      </Form>
      {rows.length > 0 && (
        <section aria-label={QT.results}>
          <h2>{QT.results}</h2>
          <p role="status">{QT.summary(rows.length, readyCount, mergedCount)}</p>
          {columns && <ColumnsRead roles={columns.read.roles} busy={resolve.isPending} onCorrect={correct} />}
          <div className="table-scroll">
            <table className={mobile ? 'table quick-order-table qo-cards' : 'table quick-order-table'}>
              <ResultHead />
              <tbody>
                {rows.map((row, i) => (
                  <ResultRow
                    key={row.line}
                    row={row}
                    edit={edits[i]!}
                    onChange={(patch) => change(i, patch)}
                    onAsk={() => ask(row)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <div className="actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={putAll}
              disabled={add.isPending || readyCount === 0}
            >
              {add.isPending ? QT.putting : `${QT.putAll} (${readyCount})`}
            </button>
            <Link className="btn" to={pathFor('cart', mobile)}>
              {QT.toCart}
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}

/** The estimate file's button: an Excel sheet, a CSV or a PDF; the same file may be picked again. */
function FileButton({ onFile }: { onFile: (file: File | undefined) => void }) {
  return (
    <label className="btn file-button">
      {QT.file}
      <input
        type="file"
        accept=".xlsx,.csv,.pdf,text/csv,application/pdf,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="sr-only"
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </label>
  );
}

/** The columns the estimate was read by, each one correctable (docs/search.md#paste-anything). */
function ColumnsRead({
  roles,
  busy,
  onCorrect,
}: {
  roles: EstimateRole[];
  busy: boolean;
  onCorrect: (index: number, role: EstimateRole) => void;
}) {
  return (
    <fieldset className="estimate-columns">
      <legend>{QT.columnsRead}</legend>
      {roles.map((role, i) => (
        <label key={i}>
          <span>{QT.column(i + 1)}</span>
          <select value={role} disabled={busy} onChange={(e) => onCorrect(i, e.target.value as EstimateRole)}>
            {(Object.keys(ESTIMATE_ROLE_LABEL) as EstimateRole[]).map((r) => (
              <option key={r} value={r}>
                {ESTIMATE_ROLE_LABEL[r]}
              </option>
            ))}
          </select>
        </label>
      ))}
    </fieldset>
  );
}

function ResultHead() {
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

function ResultRow({
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
        <code>{row.partNumber}</code>
        <span className={`badge status-${row.status}`}>{QT.status[row.status]}</span>
        <p className="hint">{row.message}</p>
        {row.mergedLines.length > 0 && (
          <p className="hint qo-merged">{QT.merged(row.line, row.mergedLines, row.qty, row.orderQty)}</p>
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
          value={edit.qty}
          onChange={(e) => onChange({ qty: Math.trunc(Number(e.target.value) || 0) })}
          className="qty-input"
        />
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
