import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { TransformComponent, TransformWrapper, type ReactZoomPanPinchRef } from 'react-zoom-pan-pinch';
import { canZoomIn, canZoomOut, EPC_ZOOM, zoomIn, zoomOut, type EpcPartsResult } from '@partsmall/contract';
import { motionMs, prefersReducedMotion } from '../../../shared/device';
import { useDrawingMoves } from './useDrawingMoves';
import { TE } from '../texts';

/** DOM id of a hotspot box: rows centre the first box of their callout. */
export const hotspotId = (hsKey: string, i: number) => `epc-hs-${hsKey.replace(/[^A-Za-z0-9_-]/g, '_')}-${i}`;

interface DiagramProps {
  result: EpcPartsResult;
  /** The callout whose rows are highlighted. */
  active: string | null;
  /** Changes each time a row asks for its callout to be centred. */
  centre: { key: string; n: number } | null;
  onPick(hsKey: string): void;
  onHover(hsKey: string | null): void;
}

/**
 * The exploded view with its callouts (docs/requirements.md#catalogue-screens): zoom in +0.5, out −0.25, never below 0.5,
 * zoom in blocked from 3 on; drag and wheel zoom; reset. Zoom and pan are react-zoom-pan-pinch
 * (docs/requirements.md#catalogue-screens); callouts sit in percent of maxX/maxY inside the zoomed layer, so they move with it.
 */
/** The zoom buttons: one step in, one step out, each off at its end of the scale. */
const ZOOM_STEPS = [
  { to: zoomIn, can: canZoomIn, label: 'zoomIn', symbol: '＋' },
  { to: zoomOut, can: canZoomOut, label: 'zoomOut', symbol: '－' },
] as const;

export function Diagram({ result, active, centre, onPick, onHover }: DiagramProps) {
  const ref = useRef<ReactZoomPanPinchRef>(null);
  const [scale, setScale] = useState<number>(EPC_ZOOM.initial);
  const { moveTo, restingPlace, stopMove } = useDrawingMoves();

  /** Steps the scale around the middle of the view, from where the drawing rests or is going. */
  const step = (to: (scale: number) => number, can: (scale: number) => boolean) => {
    const r = ref.current;
    if (!r) return;
    const from = restingPlace(r);
    if (!can(from.scale)) return;
    const next = to(from.scale);
    const box = r.instance.wrapperComponent;
    const cx = (box?.clientWidth ?? 0) / 2;
    const cy = (box?.clientHeight ?? 0) / 2;
    const at = (c: number, p: number) => c - ((c - p) * next) / from.scale;
    moveTo(r, { x: at(cx, from.x), y: at(cy, from.y), scale: next }, motionMs(150));
  };

  useEffect(() => {
    const r = ref.current;
    if (!centre || !r) return;
    const el = document.getElementById(hotspotId(centre.key, 0));
    const box = r.instance.wrapperComponent;
    const content = r.instance.contentComponent;
    if (!el || !box || !content) return;
    const view = box.getBoundingClientRect();
    const spot = el.getBoundingClientRect();
    // A callout already in view stays where it is: centring it would push the rest of the drawing
    // off the view (at 100 % the whole drawing is in view and nothing moves).
    const margin = 12;
    if (
      spot.left >= view.left + margin &&
      spot.right <= view.right - margin &&
      spot.top >= view.top + margin &&
      spot.bottom <= view.bottom - margin
    )
      return;
    // Otherwise the callout moves to the middle, as far as the drawing still fills the view.
    const { positionX, positionY, scale: now } = r.instance.transformState;
    const fill = (p: number, viewSize: number, size: number) =>
      size > viewSize ? Math.min(0, Math.max(viewSize - size, p)) : p;
    // The callout in view comes first: where filling would leave it outside, it is simply centred.
    const place = (pos: number, viewLo: number, viewSize: number, spotLo: number, spotSize: number, size: number) => {
      const centred = pos + viewLo + viewSize / 2 - (spotLo + spotSize / 2);
      const filled = fill(centred, viewSize, size);
      const lo = spotLo + filled - pos;
      return lo >= viewLo && lo + spotSize <= viewLo + viewSize ? filled : centred;
    };
    const x = place(positionX, view.left, view.width, spot.left, spot.width, content.offsetWidth * now);
    const y = place(positionY, view.top, view.height, spot.top, spot.height, content.offsetHeight * now);
    moveTo(r, { x, y, scale: now }, motionMs(200));
  }, [centre, moveTo]);

  return (
    <div className="epc-diagram">
      <div className="epc-zoom-bar" role="toolbar" aria-label={TE.diagram}>
        {ZOOM_STEPS.map(({ to, can, label, symbol }) => (
          <button
            key={symbol}
            type="button"
            className="btn btn-small"
            onClick={() => step(to, can)}
            disabled={!can(scale)}
            aria-label={TE[label]}
          >
            {symbol}
          </button>
        ))}
        <button
          type="button"
          className="btn btn-small"
          onClick={() => ref.current && moveTo(ref.current, { x: 0, y: 0, scale: EPC_ZOOM.initial }, motionMs(150))}
        >
          {TE.zoomReset}
        </button>
        <output className="epc-scale" data-testid="epc-scale">
          {Math.round(scale * 100)}%
        </output>
      </div>
      <TransformWrapper
        ref={ref}
        initialScale={EPC_ZOOM.initial}
        minScale={EPC_ZOOM.min}
        maxScale={EPC_ZOOM.max}
        limitToBounds={false}
        doubleClick={{ disabled: true }}
        wheel={{ step: 0.1 }}
        velocityAnimation={{ disabled: prefersReducedMotion() }}
        onTransformed={(_r, state) => setScale(Math.round(state.scale * 100) / 100)}
        onPanningStart={stopMove}
        onWheelStart={stopMove}
        onPinchingStart={stopMove}
      >
        <TransformComponent wrapperClass="epc-zoom-wrapper" contentClass="epc-zoom-content">
          <div className="epc-drawing" style={{ '--epc-zoom': scale } as CSSProperties}>
            <img src={result.img_path} alt={result.fullPath} draggable={false} />
            {result.img_points.map((p, i) => {
              const first = result.img_points.findIndex((q) => q.hsKey === p.hsKey) === i;
              const n = result.img_points.slice(0, i).filter((q) => q.hsKey === p.hsKey).length;
              return (
                <button
                  key={`${p.hsKey}-${i}`}
                  id={hotspotId(p.hsKey, n)}
                  type="button"
                  className={`epc-hotspot${active === p.hsKey ? ' active' : ''}`}
                  data-hskey={p.hsKey}
                  style={{
                    left: `${(p.hsX / p.maxX) * 100 - result.pctWidth / 2}%`,
                    top: `${(p.hsY / p.maxY) * 100 - result.pctHeight / 2}%`,
                    width: `${result.pctWidth}%`,
                    height: `${result.pctHeight}%`,
                  }}
                  aria-label={`${TE.cols.pnum} ${p.hsKey}`}
                  tabIndex={first ? 0 : -1}
                  onClick={() => onPick(p.hsKey)}
                  onMouseEnter={() => onHover(p.hsKey)}
                  onMouseLeave={() => onHover(null)}
                />
              );
            })}
          </div>
        </TransformComponent>
      </TransformWrapper>
    </div>
  );
}
