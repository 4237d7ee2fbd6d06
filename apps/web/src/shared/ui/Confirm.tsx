import type { ReactNode } from 'react';
import { T } from '../texts';
import { Modal } from './Modal';

interface ConfirmProps {
  title: string;
  text: string;
  confirmLabel: string;
  /**
   * The button that leaves things as they were ('취소' unless said): a cancel of an order says '닫기',
   * so it is not misread beside the red '주문 취소'.
   */
  cancelLabel?: string;
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
  cancelLabel = T.common.cancel,
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
          {cancelLabel}
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
