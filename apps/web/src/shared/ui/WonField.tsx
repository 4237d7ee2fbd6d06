import { useFormContext } from 'react-hook-form';
import { isWonDigits, shownWon, typedWon } from '../format';
import { FieldShell, useBoundField, type FieldProps } from './form';

/**
 * A won amount of the surrounding Form: digits, shown with grouping commas; anything else ('1500.5',
 * '5만') stays as typed and the field's rule says at once why it is refused (shared/format.ts typedWon).
 */
export function WonField({
  name,
  label,
  hint,
  id,
  onValue,
  deps,
  className,
  children,
  ...input
}: Omit<FieldProps, 'digits'>) {
  const { field, inputId, error, bind } = useBoundField(name, id, deps);
  const { trigger } = useFormContext();
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint} className={className}>
      <input
        autoComplete="off"
        {...input}
        {...bind}
        value={shownWon(bind.value)}
        inputMode="numeric"
        onChange={(e) => {
          const value = typedWon(e.target.value);
          field.onChange(value);
          onValue?.(value);
          // Told while typing, not only when the field is left: and cleared as soon as it is mended.
          if ((value !== '' && !isWonDigits(value)) || error) void trigger(name);
        }}
      />
      {children}
    </FieldShell>
  );
}
