import { useController, useFormContext } from 'react-hook-form';
import { FieldShell } from '../../shared/ui/form';

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
