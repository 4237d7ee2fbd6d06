import { useCallback, useEffect, useRef } from 'react';
import type { ReactZoomPanPinchRef } from 'react-zoom-pan-pinch';

/** A place of the drawing: its offset and its scale. */
interface Place {
  x: number;
  y: number;
  scale: number;
}

/**
 * The drawing's moves asked for by a button (a zoom step, reset, a row's callout centred), drawn
 * here frame by frame rather than by the zoom library (docs/requirements.md#catalogue-screens): a step
 * clicked while the one before still draws starts from where that one is going, not from the scale
 * half way (two quick ＋ made 150 %, not 200 %); and the library's own move, started over another,
 * let the older one's last frame put its end back and stop the new one. A drag, a wheel or a pinch
 * stops a move (`stopMove`): the drawing is the reader's then.
 */
export function useDrawingMoves() {
  const move = useRef<(Place & { frame: number }) | null>(null);
  const stopMove = useCallback(() => {
    if (move.current) cancelAnimationFrame(move.current.frame);
    move.current = null;
  }, []);
  useEffect(() => stopMove, [stopMove]);

  /** Where the drawing rests, or is being moved to. */
  const restingPlace = useCallback((r: ReactZoomPanPinchRef): Place => {
    if (move.current) return move.current;
    const { positionX, positionY, scale } = r.instance.transformState;
    return { x: positionX, y: positionY, scale: Math.round(scale * 100) / 100 };
  }, []);

  /** Moves the drawing to `to` in `ms` (ease out, as the library's moves); at once for 0. */
  const moveTo = useCallback(
    (r: ReactZoomPanPinchRef, to: Place, ms: number) => {
      stopMove();
      // Without motion (the reader asked for less) the drawing is there at once.
      if (ms <= 0) return r.setTransform(to.x, to.y, to.scale, 0);
      const { positionX: x0, positionY: y0, scale: s0 } = r.instance.transformState;
      const start = performance.now();
      const frame = (now: number) => {
        const t = Math.min(1, (now - start) / ms);
        const e = t * (2 - t);
        r.setTransform(x0 + (to.x - x0) * e, y0 + (to.y - y0) * e, s0 + (to.scale - s0) * e, 0);
        if (t < 1 && move.current) move.current.frame = requestAnimationFrame(frame);
        else move.current = null;
      };
      move.current = { ...to, frame: requestAnimationFrame(frame) };
    },
    [stopMove],
  );

  return { moveTo, restingPlace, stopMove };
}
