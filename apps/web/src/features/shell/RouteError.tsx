import { T } from '../../shared/texts';

/**
 * What a route shows when its code, its styles or its data could not be loaded: offline, or a chunk
 * of an earlier build gone after a deploy (docs/requirements.md#routes). The router's own error
 * screen was in English with the stack; this one is in Korean inside the page's bars. 다시 시도
 * reloads the whole page: a failed dynamic import is remembered by the browser for the page's life,
 * so only a reload fetches the code again.
 */
export function RouteError({ reload = () => window.location.reload() }: { reload?: () => void }) {
  return (
    <section className="not-found" role="alert" data-testid="route-error">
      <h1>{T.routeError.title}</h1>
      <p>{T.routeError.body}</p>
      <button type="button" className="btn btn-primary" onClick={reload}>
        {T.routeError.retry}
      </button>
    </section>
  );
}
