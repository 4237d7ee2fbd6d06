import { T } from '../../shared/texts';
import './products.css';

interface PartInfo {
  img: string;
  x: number;
  y: number;
  maxX: number;
  maxY: number;
  name: string;
  quantity: string | number;
  drawingNo: string;
}

function readPartInfo(): PartInfo | null {
  try {
    const raw = sessionStorage.getItem('partInfo');
    return raw ? (JSON.parse(raw) as PartInfo) : null;
  } catch {
    return null;
  }
}

/** Part info popup: the diagram with a marker at the part, its name, quantity and drawing number. */
export function ProductPartPopup() {
  const part = readPartInfo();
  if (!part) return <p className="empty">{T.shop.partInfoEmpty}</p>;
  const left = part.maxX ? (part.x / part.maxX) * 100 : 0;
  const top = part.maxY ? (part.y / part.maxY) * 100 : 0;
  return (
    <section className="part-popup">
      <div className="part-diagram">
        <img src={part.img} alt={part.name} />
        <span className="part-marker" style={{ left: `${left}%`, top: `${top}%` }} aria-hidden="true" />
      </div>
      <dl className="spec-list">
        <dt>{T.shop.partName}</dt>
        <dd>{part.name}</dd>
        <dt>{T.shop.installedQty}</dt>
        <dd>{part.quantity}</dd>
        <dt>{T.shop.drawingNo}</dt>
        <dd>{part.drawingNo}</dd>
      </dl>
    </section>
  );
}
