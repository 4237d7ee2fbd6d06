import type { ReactNode } from 'react';
import { T } from '../texts';
import { Modal } from './Modal';

interface ConfirmProps {
  title: string;
  text: string;
  confirmLabel: string;
  /** While the confirmed action runs: both buttons wait and the confirm button says so. */
  busyLabel?: string;
  busy?: boolean;
  /** A destructive action (delete, stop) gets the red button. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}

/** A confirmation (delete, cancel, stop, renew): the action runs only after the user confirms. */
export function Confirm({
  title,
  text,
  confirmLabel,
  busyLabel,
  busy = false,
  danger = false,
  onConfirm,
  onCancel,
  children,
}: ConfirmProps) {
  return (
    <Modal title={title} onClose={onCancel} busy={busy} role="alertdialog" size="narrow">
      <div className="layer-body">
        <p className="alert-text">{text}</p>
        {children}
      </div>
      <div className="layer-actions">
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          {T.common.cancel}
        </button>
        <button
          type="button"
          className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
          onClick={onConfirm}
          disabled={busy}
          autoFocus
        >
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
