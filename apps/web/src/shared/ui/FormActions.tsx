import { T } from '../texts';

/**
 * The buttons at the end of a form, member area and back office alike: cancel (in layers) and the
 * submit, which says it is saving while the write runs.
 */
export function FormActions({ busy, label, onCancel }: { busy: boolean; label: string; onCancel?: () => void }) {
  return (
    <div className="mg-form-actions">
      {onCancel && (
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          {T.common.cancel}
        </button>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? T.common.saving : label}
      </button>
    </div>
  );
}
