import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import {
  ESTIMATE_ROLE_LABEL,
  QUICK_ORDER_MAX_QTY,
  QUICK_ORDER_MSG,
  type EstimateColumns,
  type EstimateRole,
  type QuickOrderRowAnswer,
} from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { pathFor } from '../../shared/paths';
import { useRequestAttempt } from '../../shared/request-id';
import { SideScroll } from '../../shared/ui/DataTable';
import { Form, TextAreaField, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { useAddQuickOrderToCart, useResolveQuickOrder } from './api';
import { correctedRoles } from './columns';
import { ResultHead, ResultRow } from './ResultRow';
import { editOf, forCart, keepTable, ready, storedTable, whyNot, type Edit } from './table';
import { QT } from './texts';
import { leaveInquiry } from '../chat';
import { openPopup, POPUP } from '../../shared/ui/popup';
import './quick-order.css';

const pasteForm = z.object({ text: z.string().trim().min(1, QUICK_ORDER_MSG.empty) });

/** What the page shows of api/resolveQuickOrder's answer: the rows, the columns read, the hidden rows left out. */
type Answer = { results: QuickOrderRowAnswer[]; columns?: EstimateColumns; hiddenRows?: number };

/** What an estimate was read from: the pasted text or the uploaded file, read again when the buyer corrects its columns. */
type EstimateSource = { text: string } | { file: File };

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
  // A workbook's rows hidden or filtered out, which were not read (docs/requirements.md#quick-order).
  const [hiddenRows, setHiddenRows] = useState(0);
  // An unknown number is asked about in the chat with the number and quantity already written; the
  // table stays (desktop: the chat is a popup; phone: the table is kept for the way back).
  // The quantity is the one in the row's box, as the buyer may have mended it (1 while it is empty).
  const ask = (row: QuickOrderRowAnswer, edit: Edit) => {
    leaveInquiry({ kind: 'number', pid: row.partNumber, quantity: inquiryQuantity(edit.qty) });
    if (mobile) void navigate(pathFor('chat', true));
    else openPopup('/chat', 'chat', POPUP.chat);
  };
  const form = useZodForm(pasteForm, { text: '' });
  // The pasted text the table was made from: a line typed after it is in no row, and putting the
  // table in the cart would lose it without a word (docs/requirements.md#quick-order).
  const [readText, setReadText] = useState<string | null>(null);

  const show = (source: EstimateSource) => (answer: Answer) => {
    setReadText('text' in source ? source.text : null);
    setHiddenRows(answer.hiddenRows ?? 0);
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
  const blockedCount = rows.filter((r, i) => whyNot(r, edits[i]!) !== null).length;
  const mergedCount = rows.reduce((n, r) => n + r.mergedLines.length, 0);
  const putAll = () => {
    if (readText !== null && form.getValues('text').trim() !== readText.trim())
      return void notify.alert(QT.textChanged);
    const { lines, left } = forCart(rows, edits);
    if (lines.length === 0) return void notify.alert(QT.nothingToPut);
    // A retry of lines whose answer never came keeps its request id: they go into the cart once.
    add.mutate(
      { lines, clientRequestId: attempt.idFor(lines) },
      {
        onSuccess: (answer) => {
          attempt.answered();
          // Only the lines added leave the table; a ticked line that could not go stays with its reason
          // and the page with it, so the buyer can mend it (docs/requirements.md#quick-order).
          keepTable(left.rows, left.edits);
          setRows(left.rows);
          setEdits(left.edits);
          setColumns(null);
          setHiddenRows(0);
          const blocked = left.edits.filter((e) => e.include).length;
          if (blocked > 0) return void notify.toast(`${answer.message} ${QT.leftInTable(blocked)}`);
          notify.toast(answer.message);
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
          {hiddenRows > 0 && <p className="hint qo-hidden">{QT.hiddenRows(hiddenRows)}</p>}
          {blockedCount > 0 && <p className="qo-blocked">{QT.blocked(blockedCount)}</p>}
          {columns && <ColumnsRead roles={columns.read.roles} busy={resolve.isPending} onCorrect={correct} />}
          <SideScroll label={QT.resultTable}>
            <table className={mobile ? 'table quick-order-table qo-cards' : 'table quick-order-table'}>
              <ResultHead />
              <tbody>
                {rows.map((row, i) => (
                  <ResultRow
                    key={row.line}
                    row={row}
                    edit={edits[i]!}
                    onChange={(patch) => change(i, patch)}
                    onAsk={() => ask(row, edits[i]!)}
                  />
                ))}
              </tbody>
            </table>
          </SideScroll>
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

/** A quantity box's value as a chat inquiry takes it: 1 to 100,000, 1 while the box is empty. */
const inquiryQuantity = (qty: number | null) => Math.min(QUICK_ORDER_MAX_QTY, Math.max(1, qty ?? 1));

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
