import { useCallback, useEffect, useRef } from 'react';
import { useSaveQuantity } from './api';

const QTY_SAVE_DELAY_MS = 400;

/**
 * Debounced quantity saves per cart line; flush() sends what is still waiting (before ordering).
 */
export function useQuantitySaver(onFailed: () => void) {
  const save = useSaveQuantity();
  const saveRef = useRef(save.mutateAsync);
  saveRef.current = save.mutateAsync;
  const waiting = useRef(new Map<number, { qty: number; timer: ReturnType<typeof setTimeout> }>());
  const inFlight = useRef(new Set<Promise<unknown>>());
  const send = useCallback(
    (seq: number, qty: number) => {
      const p = saveRef
        .current({ seq, qty })
        .catch(onFailed)
        .finally(() => inFlight.current.delete(p));
      inFlight.current.add(p);
    },
    [onFailed],
  );
  const schedule = useCallback(
    (seq: number, qty: number) => {
      const previous = waiting.current.get(seq);
      if (previous) clearTimeout(previous.timer);
      const timer = setTimeout(() => {
        waiting.current.delete(seq);
        send(seq, qty);
      }, QTY_SAVE_DELAY_MS);
      waiting.current.set(seq, { qty, timer });
    },
    [send],
  );
  const flush = useCallback(async () => {
    for (const [seq, w] of waiting.current) {
      clearTimeout(w.timer);
      send(seq, w.qty);
    }
    waiting.current.clear();
    await Promise.all([...inFlight.current]);
  }, [send]);
  useEffect(() => {
    const map = waiting.current;
    return () => {
      // Leaving the page still stores the last typed quantities.
      for (const [seq, w] of map) {
        clearTimeout(w.timer);
        void saveRef.current({ seq, qty: w.qty }).catch(() => undefined);
      }
      map.clear();
    };
  }, []);
  return { schedule, flush };
}
