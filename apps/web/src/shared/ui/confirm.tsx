import type { ReactNode } from 'react';
import { T } from '../texts';

interface Props {
  title: string;
  text: string;
  confirmLabel: string;
  /** While the confirmed action runs: both buttons wait and the confirm button says so. */
  busyLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}

/** A confirmation dialog (delete, cancel): the action runs only after the user confirms. */
export function ConfirmDialog({ title, text, confirmLabel, busyLabel, busy = false, onConfirm, onCancel, children }: Props) {
  return (
    <div className="modal-backdrop" onClick={busy ? undefined : onCancel}>
      <div className="modal confirm-dialog" role="alertdialog" aria-modal="true" aria-label={title} onClick={(e) => e.stopPropagation()}>
        <h2>{title}</h2>
        <p className="alert-text">{text}</p>
        {children}
        <div className="confirm-actions">
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>
            {T.common.cancel}
          </button>
          <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={busy} autoFocus>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
