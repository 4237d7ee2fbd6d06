import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/** Moves to a path after a delay (login 3 s, join 3 s); leaving the screen first cancels it. */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (to: string, ms: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(to), ms);
    },
    [navigate],
  );
}
