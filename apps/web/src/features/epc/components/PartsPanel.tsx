import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { EPC_MSG, type EpcPart, type EpcPartsResult } from '@partsmall/contract';
import { messageOf } from '../../../shared/api';
import { Modal } from '../../../shared/ui/Modal';
import { openPopup, POPUP } from '../../../shared/ui/popup';
import { Loading } from '../../../shared/ui/states';
import { partsCsv, downloadCsv } from '../csv';
import { Diagram } from './Diagram';
import { ProductLine } from './ProductLine';
import { replaceQuery, type VehicleKey } from '../api';
import { TE } from '../texts';
import { TableHead } from '../../../shared/ui/TableHead';

interface PartsPanelProps {
  vehicle: VehicleKey;
  result: EpcPartsResult;
  /** A part number to highlight (from the part-number search). */
  searchPnum: string | null;
  mobile: boolean;
}

/**
 * The parts table beside the exploded view (docs/requirements.md#catalogue-screens): a callout clicked or hovered highlights
 * and scrolls to its rows; a row clicked highlights and centres its callout. Each row shows the
 * shop's products of its OE number with quantity, add to cart and buy now (the VIN goes along),
 * its replacement numbers, its place on the drawing and a chat inquiry.
 */
export function PartsPanel({ vehicle, result, searchPnum, mobile }: PartsPanelProps) {
  const [active, setActive] = useState<string | null>(null);
  const [hover, setHover] = useState<string | null>(null);
  const [centre, setCentre] = useState<{ key: string; n: number } | null>(null);
  const [replaceOf, setReplaceOf] = useState<string | null>(null);
  const table = useRef<HTMLDivElement>(null);
  const shown = hover ?? active;

  /**
   * Brings a callout's first row into view: inside the table's own scroll box (the desktop, where
   * the drawing stays beside it); the page itself only scrolls on a click, so that hovering never
   * moves the drawing away from under the pointer (phones, where the table is below it).
   */
  const scrollToRows = (hsKey: string, movePage: boolean) => {
    const box = table.current;
    const row = box?.querySelector<HTMLElement>(`tr[data-pnum="${CSS.escape(hsKey)}"]`);
    if (!box || !row) return;
    if (box.scrollHeight > box.clientHeight + 1)
      box.scrollTo({ top: Math.max(0, row.offsetTop - box.clientHeight / 3) });
    else if (movePage) row.scrollIntoView({ block: 'center' });
  };
  const pickHotspot = (hsKey: string) => {
    setActive(hsKey);
    scrollToRows(hsKey, true);
  };
  const hoverHotspot = (hsKey: string | null) => {
    setHover(hsKey);
    if (hsKey) scrollToRows(hsKey, false);
  };
  const pickRow = (p: EpcPart) => {
    setActive(p.pnum);
    setCentre((c) => ({ key: p.pnum, n: (c?.n ?? 0) + 1 }));
  };

  // A part found by the part-number search: its row is highlighted and its callout centred.
  useEffect(() => {
    if (!searchPnum) return;
    const hit = result.part_detail.find((p) => p.pid === searchPnum);
    if (hit) {
      setActive(hit.pnum);
      setCentre({ key: hit.pnum, n: 1 });
      requestAnimationFrame(() => scrollToRows(hit.pnum, true));
    }
  }, [searchPnum, result]);

  return (
    <div className="epc-parts">
      <Diagram result={result} active={shown} centre={centre} onPick={pickHotspot} onHover={hoverHotspot} />
      <div className="epc-parts-side">
        <div className="epc-parts-tools no-print">
          <span className="epc-path">{result.fullPath}</span>
          <button type="button" className="btn btn-small" onClick={() => window.print()}>
            {TE.print}
          </button>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => downloadCsv(`${vehicle.vin}_${result.subgroup}.csv`, partsCsv(result.part_detail))}
          >
            {TE.csv}
          </button>
        </div>
        <div className="epc-table-wrap epc-print-area" ref={table}>
          <h2 className="print-only">
            {vehicle.vin} · {result.fullPath}
          </h2>
          {result.part_detail.length === 0 ? (
            <p className="empty">{EPC_MSG.noInfo}</p>
          ) : (
            <table className="epc-table" data-testid="epc-parts-table">
              <TableHead
                cells={[
                  TE.cols.pnum,
                  TE.cols.pid,
                  TE.cols.label,
                  TE.cols.qty,
                  TE.cols.remark,
                  { label: TE.cols.products, className: 'no-print' },
                  { className: 'no-print', ariaLabel: TE.actions },
                ]}
              />
              <tbody>
                {result.part_detail.map((p, i) => (
                  <PartRow
                    key={`${p.pnum}-${p.pid}-${i}`}
                    part={p}
                    active={shown === p.pnum}
                    vin={vehicle.vin}
                    mobile={mobile}
                    onPick={() => pickRow(p)}
                    onReplace={() => setReplaceOf(p.pid)}
                    onViewer={() => openPartViewer(result, p)}
                    onChat={(q) => askPartInChat(vehicle, p, q)}
                  />
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
      {replaceOf && <ReplaceModal pid={replaceOf} vehicle={vehicle} onClose={() => setReplaceOf(null)} />}
    </div>
  );
}

/** The part's place on the drawing in the viewer popup (it reads what this stores). */
function openPartViewer(result: EpcPartsResult, p: EpcPart) {
  const spot = result.img_points.find((s) => s.hsKey === p.pnum);
  try {
    sessionStorage.setItem(
      'partInfo',
      JSON.stringify({
        img: result.img_path,
        x: spot?.hsX ?? 0,
        y: spot?.hsY ?? 0,
        maxX: spot?.maxX ?? 1,
        maxY: spot?.maxY ?? 1,
        name: p.label,
        quantity: p.quantity,
        drawingNo: `${result.fullPath} · ${p.pnum}`,
      }),
    );
  } catch {
    // Storage blocked: the viewer says there is nothing to show.
  }
  openPopup('/productPart', 'productPart', POPUP.product);
}

/** The chat popup with an inquiry about the part prepared: the vehicle, the part and the quantity. */
function askPartInChat(vehicle: VehicleKey, p: EpcPart, quantity: number) {
  try {
    sessionStorage.setItem(
      'chatInquiry',
      JSON.stringify({ kind: 'part', vin: vehicle.vin, brand: vehicle.brand, part: p.label, pid: p.pid, quantity }),
    );
  } catch {
    // Storage blocked: the chat opens without the prepared message.
  }
  openPopup('/chat', 'chat', POPUP.chat);
}

interface PartRowProps {
  part: EpcPart;
  active: boolean;
  vin: string;
  mobile: boolean;
  onPick(): void;
  onReplace(): void;
  onViewer(): void;
  onChat(quantity: number): void;
}

function PartRow({ part, active, vin, mobile, onPick, onReplace, onViewer, onChat }: PartRowProps) {
  const fits = part.colorvalue === 1;
  // The quantity last chosen on one of the row's products is the one the inquiry asks about.
  const [quantity, setQuantity] = useState(1);
  return (
    <tr
      data-pnum={part.pnum}
      className={[active ? 'active' : '', fits ? '' : 'not-fit'].filter(Boolean).join(' ')}
      onClick={onPick}
      aria-selected={active}
    >
      <td className="center c-no">{part.pnum}</td>
      <td className="mono c-pid">{part.pid}</td>
      <td className="c-label">
        {part.label}
        {part.standard_label && part.standard_label !== part.label && (
          <div className="muted small">{part.standard_label}</div>
        )}
        {!fits && <span className="epc-badge">{TE.notFitMark}</span>}
      </td>
      <td className="center c-qty">{part.quantity}</td>
      <td className="small c-remark">{[part.model, part.remark].filter(Boolean).join(' · ')}</td>
      <td className="no-print c-products" onClick={(e) => e.stopPropagation()}>
        {part.products.length === 0 ? (
          <span className="muted small">{TE.noProducts}</span>
        ) : (
          part.products.map((product) => (
            <ProductLine key={product.seq} product={product} vin={vin} mobile={mobile} onQty={setQuantity} />
          ))
        )}
      </td>
      <td className="no-print epc-row-actions c-actions" onClick={(e) => e.stopPropagation()}>
        <button type="button" className="btn btn-small" onClick={onReplace}>
          {TE.replace}
        </button>
        <button type="button" className="btn btn-small" onClick={onViewer}>
          {TE.location}
        </button>
        <button type="button" className="btn btn-small" onClick={() => onChat(quantity)}>
          {TE.inquiry}
        </button>
      </td>
    </tr>
  );
}

/** Replacement numbers of a part in a popup layer (getCarsReplace). */
function ReplaceModal({ pid, vehicle, onClose }: { pid: string; vehicle: VehicleKey; onClose(): void }) {
  const query = useQuery(replaceQuery(pid, vehicle));
  return (
    <Modal title={TE.replaceTitle(pid)} onClose={onClose} size="medium">
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <p className="empty">{messageOf(query.error)}</p>
      ) : query.data.length === 0 ? (
        <p className="empty">{EPC_MSG.emptyResult}</p>
      ) : (
        <table className="epc-table" data-testid="epc-replace-table">
          <TableHead cells={[TE.cols.pid, TE.kind, TE.distance, TE.cols.remark]} />
          <tbody>
            {query.data.map((r) => (
              <tr key={r.pid}>
                <td className="mono">{r.pid}</td>
                <td>{TE.relation[r.relation]}</td>
                <td className="center">{r.distance}</td>
                <td>{r.remark}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
