import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { T } from '../../shared/texts';

/**
 * Types its line out, then returns home (docs/requirements.md#routes); a window of its own (the
 * catalogue's popup) names its own home and says so.
 */
export function NotFound({ home = '/home', back = T.notFound.back }: { home?: string; back?: string }) {
  const [shown, setShown] = useState(0);
  const navigate = useNavigate();
  const line = T.notFound.line;
  useEffect(() => {
    if (shown < line.length) {
      const t = setTimeout(() => setShown((n) => n + 1), 120);
      return () => clearTimeout(t);
    }
    const t = setTimeout(() => navigate(home, { replace: true }), 1500);
    return () => clearTimeout(t);
  }, [shown, line, navigate, home]);
  return (
    <section className="not-found" aria-live="polite">
      <p className="not-found-code">404</p>
      <h1 className="typing" aria-label={line}>
        {line.slice(0, shown)}
        <span className="caret" aria-hidden="true" />
      </h1>
      <p>{back}</p>
    </section>
  );
}
