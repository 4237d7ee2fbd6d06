import { useCallback, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { digitsOnly } from '@partsmall/contract';
import type { ZodType } from 'zod';

/** First Korean message of a schema check, or null when the value passes. */
export function firstError(schema: ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/**
 * Field errors for a form whose rules come from the contract: fields are checked on blur and
 * all together on submit (spec 1 §5).
 */
export function useFieldRules<K extends string>(rules: Partial<Record<K, ZodType>>) {
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const check = useCallback(
    (name: K, value: unknown) => {
      const schema = rules[name];
      const message = schema ? firstError(schema, value) : null;
      setErrors((e) => ({ ...e, [name]: message ?? undefined }));
      return message === null;
    },
    [rules],
  );
  const checkAll = useCallback(
    (values: Partial<Record<K, unknown>>) => {
      const next: Partial<Record<K, string>> = {};
      let firstMessage: string | null = null;
      for (const name of Object.keys(rules) as K[]) {
        const message = firstError(rules[name]!, values[name]);
        if (message) {
          next[name] = message;
          firstMessage ??= message;
        }
      }
      setErrors(next);
      return firstMessage;
    },
    [rules],
  );
  const setError = useCallback((name: K, message: string | undefined) => setErrors((e) => ({ ...e, [name]: message })), []);
  return { errors, check, checkAll, setError };
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  /** Keeps only digits (number inputs, spec 1 §5). */
  digits?: boolean;
  children?: ReactNode;
}

export function TextField({ label, value, onValue, error, hint, digits, children, id, name, ...rest }: TextFieldProps) {
  const inputId = id ?? `f-${name}`;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <div className="field-row">
        <input
          id={inputId}
          name={name}
          value={value}
          inputMode={digits ? 'numeric' : rest.inputMode}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => onValue(digits ? digitsOnly(e.target.value) : e.target.value)}
          {...rest}
        />
        {children}
      </div>
      {error ? (
        <p className="field-error" id={`${inputId}-error`} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="field-hint">{hint}</p>
      ) : null}
    </div>
  );
}
