import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FormProvider,
  useController,
  useForm,
  useFormContext,
  useWatch,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { cutChars, digits as keepDigits } from '../format';
import { useNotify } from './notify';

/**
 * The one form library of the app: react-hook-form with the contract's zod schemas. A field shows
 * its rule's Korean message when it is left (blur) and on submit, and follows the typing after
 * that (fields mark invalid on blur).
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
  });
}

/** Alerts the first message of a refused submit (and RHF focuses its field). */
export function useInvalidAlert(order?: readonly string[]) {
  const notify = useNotify();
  return (errors: FieldErrors) => {
    const message = firstErrorMessage(errors, order);
    if (message) void notify.alert(message);
  };
}

/** The first message of a failed submit, in the order given (else the schema's order). */
export function firstErrorMessage(errors: FieldErrors, order?: readonly string[]): string | null {
  const names = [...(order ?? []), ...Object.keys(errors)];
  for (const name of names) {
    const message = errors[name]?.message;
    if (typeof message === 'string' && message) return message;
  }
  return null;
}

interface FormProps<I extends FieldValues, O> {
  form: UseFormReturn<I, unknown, O>;
  onSubmit: (values: O) => unknown;
  /** Alerts the first message of a refused submit as well (the member area's and checkout's way). */
  alertInvalid?: boolean;
  /** The order in which refused fields are alerted. */
  order?: readonly string[];
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  role?: string;
}

/** A form element bound to its react-hook-form state; fields below it find the form by context. */
export function Form<I extends FieldValues, O>({
  form,
  onSubmit,
  alertInvalid = false,
  order,
  className = 'form',
  children,
  ...rest
}: FormProps<I, O>) {
  const alert = useInvalidAlert(order);
  const submit = form.handleSubmit(onSubmit, alertInvalid ? alert : undefined);
  return (
    <FormProvider {...form}>
      <form className={className} noValidate onSubmit={(e) => void submit(e)} {...rest}>
        {children}
      </form>
    </FormProvider>
  );
}

interface ShellProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
  /** Shown after the control row (a counter). */
  foot?: ReactNode;
}

/** Fields of a form whose actions are buttons, not a submit (the checkout pays with its own button). */
export function FormScope<I extends FieldValues, O>({
  form,
  children,
}: {
  form: UseFormReturn<I, unknown, O>;
  children: ReactNode;
}) {
  return <FormProvider {...form}>{children}</FormProvider>;
}

/** Label, control row, and the message or hint below: the look every field shares. */
export function FieldShell({ id, label, error, hint, className, children, foot }: ShellProps) {
  const message = error ? (
    <p className="field-error" id={`${id}-error`} role="alert">
      {error}
    </p>
  ) : hint ? (
    <p className="field-hint">{hint}</p>
  ) : null;
  return (
    <div className={['field', error ? 'field-invalid' : '', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <div className="field-row">{children}</div>
      {foot ? (
        <div className="field-foot">
          {message}
          {foot}
        </div>
      ) : (
        message
      )}
    </div>
  );
}

interface FieldBase {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The element id (default f-{name}). */
  id?: string;
  /** Called after the user changed the value (lookups, resets of later steps). */
  onValue?: (value: string) => void;
  /** Fields checked again when this one changes (the confirmation of a password). */
  deps?: string[];
  className?: string;
}

export interface FieldProps
  extends
    FieldBase,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'defaultValue' | 'id' | 'className'> {
  /** Keeps only digits (number inputs); a number also caps how many. */
  digits?: boolean | number;
  /** A button beside the input. */
  children?: ReactNode;
}

/** A field of the surrounding Form: its state and the props every input of it takes. */
export function useBoundField(name: string, id: string | undefined, deps?: string[]) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control, rules: deps ? { deps } : undefined });
  const inputId = id ?? `f-${name}`;
  const error = fieldState.error?.message;
  const bind = {
    id: inputId,
    name: field.name,
    ref: field.ref,
    value: (field.value as string | undefined) ?? '',
    onBlur: field.onBlur,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${inputId}-error` : undefined,
  } as const;
  return { field, inputId, error, bind };
}

/** A text input of the surrounding Form; `maxLength` counts characters as the server does (an emoji one). */
export function Field({ name, label, hint, id, onValue, deps, className, digits, children, ...props }: FieldProps) {
  const { maxLength, ...input } = props;
  const { field, inputId, error, bind } = useBoundField(name, id, deps);
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint} className={className}>
      <input
        {...input}
        {...bind}
        inputMode={digits ? 'numeric' : input.inputMode}
        onChange={(e) => {
          const typed = cutChars(e.target.value, maxLength);
          const value = digits ? keepDigits(typed, typeof digits === 'number' ? digits : undefined) : typed;
          field.onChange(value);
          onValue?.(value);
        }}
      />
      {children}
    </FieldShell>
  );
}

/** Phone inputs accept typed hyphens (13 characters) and keep at most 11 digits. */
export const PHONE_INPUT_MAX = 13;

/** A phone number of the surrounding Form (digits only, a pasted '010-1234-5678' keeps all 11). */
export function PhoneField(props: Omit<FieldProps, 'digits' | 'maxLength'>) {
  return <Field {...props} digits={11} maxLength={PHONE_INPUT_MAX} />;
}

/** The 6-digit code a text message brought (phone checks), named 'authCode' in every form. */
export function CodeField(props: Omit<FieldProps, 'name' | 'digits' | 'maxLength'>) {
  return <Field {...props} name="authCode" digits={6} maxLength={6} autoComplete="one-time-code" />;
}

/** A password of the surrounding Form: a new one (20 characters at most) unless told otherwise. */
export function PasswordField({
  autoComplete = 'new-password',
  maxLength = 20,
  ...props
}: Omit<FieldProps, 'type' | 'digits'>) {
  return <Field {...props} type="password" autoComplete={autoComplete} maxLength={maxLength} />;
}

interface TextAreaProps
  extends
    FieldBase,
    Omit<
      TextareaHTMLAttributes<HTMLTextAreaElement>,
      'name' | 'value' | 'onChange' | 'defaultValue' | 'id' | 'className'
    > {
  /** Shown beside the message (a character counter). */
  foot?: ReactNode;
}

/** A multi-line input of the surrounding Form; its `maxLength` counts characters, as Field's does. */
export function TextAreaField({ name, label, hint, id, onValue, deps, className, foot, ...props }: TextAreaProps) {
  const { field, inputId, error, bind } = useBoundField(name, id, deps);
  const { maxLength, ...input } = props;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint} className={className} foot={foot}>
      <textarea
        {...input}
        {...bind}
        onChange={(e) => {
          field.onChange(cutChars(e.target.value, maxLength));
          onValue?.(cutChars(e.target.value, maxLength));
        }}
      />
    </FieldShell>
  );
}

/** A step done (a business number checked, a phone verified), said below its field. */
export function OkLine({ children, className = 'ok-line' }: { children: ReactNode; className?: string }) {
  return (
    <p className={className} role="status">
      <span aria-hidden="true">✓</span> {children}
    </p>
  );
}

/** A message about a field that is not one of its rules (a lookup's answer). */
export function ErrorLine({ children }: { children: ReactNode }) {
  return (
    <p className="field-error" role="alert">
      {children}
    </p>
  );
}

/** A read-only value shown as a field (the login id, which the form does not change). */
export function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <FieldShell id={id} label={label}>
      <input id={id} value={value} readOnly />
    </FieldShell>
  );
}

/** A submit button enabled when `ready` says the form's values allow it, with the reason when not. */
export function SubmitButton({
  ready,
  why,
  busy,
  label,
  busyLabel,
  className = 'btn btn-primary btn-block',
}: {
  ready: (values: Record<string, string>) => boolean;
  why: string;
  busy: boolean;
  label: string;
  busyLabel?: string;
  className?: string;
}) {
  const values = useWatch() as Record<string, string>;
  const ok = ready(values) && !busy;
  return (
    <button type="submit" className={className} disabled={!ok} title={ready(values) ? undefined : why}>
      {busy && busyLabel ? busyLabel : label}
    </button>
  );
}

interface SelectProps
  extends
    Omit<FieldBase, 'onValue'>,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'value' | 'onChange' | 'defaultValue' | 'id' | 'className'> {
  options: readonly { value: string | number | boolean; label: string }[];
  /** The form's value of an option (numbers and booleans stay what they are; default the text). */
  parse?: (value: string) => unknown;
}

/** A select of the surrounding Form. */
export function SelectField({
  name,
  label,
  hint,
  id,
  deps,
  className,
  options,
  parse = (v) => v,
  ...select
}: SelectProps) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control, rules: deps ? { deps } : undefined });
  const inputId = id ?? `f-${name}`;
  return (
    <FieldShell id={inputId} label={label} error={fieldState.error?.message} hint={hint} className={className}>
      <select
        {...select}
        id={inputId}
        name={field.name}
        ref={field.ref}
        value={String(field.value ?? '')}
        onBlur={field.onBlur}
        onChange={(e) => field.onChange(parse(e.target.value))}
      >
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A checkbox of the surrounding Form; a fixed one (disabled) says why in its hint. */
export function CheckField({
  name,
  label,
  onValue,
  disabled,
  hint,
  className = 'check',
}: {
  name: string;
  label: ReactNode;
  onValue?: (checked: boolean) => void;
  disabled?: boolean;
  hint?: ReactNode;
  className?: string;
}) {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const hintId = `${useId()}-hint`;
  return (
    <>
      <label className={className}>
        <input
          type="checkbox"
          name={field.name}
          ref={field.ref}
          checked={Boolean(field.value)}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          onBlur={field.onBlur}
          onChange={(e) => {
            field.onChange(e.target.checked);
            onValue?.(e.target.checked);
          }}
        />
        {label}
      </label>
      {hint && (
        <p className="field-hint check-hint" id={hintId}>
          {hint}
        </p>
      )}
    </>
  );
}

/** Shows a message the server returned for one of the form's fields under that field. */
export function setServerError<I extends FieldValues>(
  form: UseFormReturn<I, unknown, unknown>,
  field: string | null,
  message: string,
) {
  if (field)
    form.setError(field as Parameters<typeof form.setError>[0], { type: 'server', message }, { shouldFocus: true });
}
