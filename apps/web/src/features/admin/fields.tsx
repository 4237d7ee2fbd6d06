import { useController, useFormContext } from 'react-hook-form';
import { FieldShell } from '../../shared/ui/form';
import { A } from './texts';

/**
 * A number field of the surrounding Form (prices, stock, cash): the form holds a number when the
 * text is one, else the text itself, so the contract schema's Korean message explains what is wrong
 * ('-1.5', '1e3', '') instead of a silent coercion.
 */
export function NumberField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const id = `f-${name}`;
  const error = fieldState.error?.message;
  const value = field.value as number | string | undefined;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        name={field.name}
        ref={field.ref}
        inputMode="decimal"
        value={value === undefined ? '' : String(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onBlur={field.onBlur}
        onChange={(e) => {
          const text = e.target.value.replace(/,/g, '').trim();
          field.onChange(/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : e.target.value);
        }}
      />
    </FieldShell>
  );
}

/** A file picker with a Korean button (the browser's own one reads in its UI language) and the chosen name. */
export function FilePick({
  label,
  accept,
  name,
  onFile,
}: {
  label: string;
  accept: string;
  name: string | null;
  onFile: (file: File | undefined) => void;
}) {
  return (
    <span className="admin-file">
      <label className="btn btn-small">
        {A.kit.chooseFile}
        <input
          type="file"
          className="sr-only"
          accept={accept}
          aria-label={label}
          onChange={(e) => onFile(e.target.files?.[0])}
        />
      </label>
      <span className="field-hint">{name ?? A.kit.noFile}</span>
    </span>
  );
}

/** The save button of a back-office form, under its fields; '저장 중...' while the write runs. */
export function SaveRow({ busy }: { busy: boolean }) {
  return (
    <div className="admin-actions">
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? A.saving : A.save}
      </button>
    </div>
  );
}
