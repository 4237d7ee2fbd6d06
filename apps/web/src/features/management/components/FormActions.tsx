import { T } from '../../../shared/texts';
import '../management.css';

const M = T.management;

/** The buttons at the end of a member-area form: cancel (in layers) and save. */
export function FormActions({ busy, label, onCancel }: { busy: boolean; label: string; onCancel?: () => void }) {
  return (
    <div className="mg-form-actions">
      {onCancel && (
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          {T.common.cancel}
        </button>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? M.saving : label}
      </button>
    </div>
  );
}
