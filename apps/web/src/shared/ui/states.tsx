import type { ReactNode } from 'react';
import { messageOf } from '../api';
import { T } from '../texts';

/** A spinner; `label` names it for screen readers when it stands alone. */
export function Spinner({ label, light = false }: { label?: string; light?: boolean }) {
  return (
    <span
      className={`spinner${light ? ' spinner-light' : ''}`}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

/** A wait longer than a blink: a spinner in the middle of the space the content will take. */
export function Loading({ className = 'state-loading', text }: { className?: string; text?: string }) {
  return (
    <div className={className} aria-busy="true">
      <Spinner label={text ?? T.common.loading} />
      {text && <span> {text}</span>}
    </div>
  );
}

/** What shows until a read answers: its error message once it failed, else a spinner. */
export function Pending({ error, errorClassName }: { error: unknown; errorClassName?: string }) {
  return error ? <p className={errorClassName}>{messageOf(error)}</p> : <Loading />;
}

/** An empty list or a failed read: the original '검색된 정보가 없습니다.' (docs/requirements.md#look-and-language) unless told otherwise. */
export function Empty({ children, className = 'empty' }: { children?: ReactNode; className?: string }) {
  return <p className={className}>{children ?? T.common.empty}</p>;
}

/** A list's state line: loading, the error message, or the empty text; nothing once there are rows. */
export function listState(state: {
  loading: boolean;
  error: string | null;
  empty: boolean;
  emptyText?: string;
}): ReactNode {
  if (state.loading && state.empty) {
    return (
      <>
        <Spinner /> {T.common.loading}
      </>
    );
  }
  if (state.error) return state.error;
  if (state.empty) return state.emptyText ?? T.common.empty;
  return null;
}
