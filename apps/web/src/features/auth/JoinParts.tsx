import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { MSG, TIMING, formatBusinessNumber, loginIdField, type JoinRequest } from '@partsmall/contract';
import { z } from 'zod';
import { post } from '../../shared/api';
import { session } from '../../shared/session';
import { T } from '../../shared/texts';
import { TextField } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { LegalText, useLegalDocuments } from '../legal/LegalPages';

/** Step indicator of the join and find flows: done steps, the current one, the ones ahead. */
export function StepIndicator({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol className="steps" aria-label={T.join.stepLabel}>
      {steps.map((label, i) => (
        <li
          key={label}
          className={i < current ? 'done' : i === current ? 'active' : undefined}
          aria-current={i === current ? 'step' : undefined}
        >
          <span className="step-num" aria-hidden="true">
            {i < current ? '✓' : i + 1}
          </span>
          {label}
        </li>
      ))}
    </ol>
  );
}

/** A numbered box of the join form. */
export function StepBox({ n, title, children, muted = false }: { n: number; title: string; children: ReactNode; muted?: boolean }) {
  const id = useId();
  return (
    <section className={`step-box${muted ? ' step-box-muted' : ''}`} aria-labelledby={id}>
      <h2 id={id}>
        <span className="step-badge">{n}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}

export interface ConsentState {
  policy: boolean;
  privacy: boolean;
}

/** Terms consent: 전체 동의 plus the two required consents, each with a scrollable excerpt. */
export function Consents({
  value,
  onChange,
  mobile = false,
  errors,
}: {
  value: ConsentState;
  onChange: (next: ConsentState) => void;
  mobile?: boolean;
  errors?: Partial<Record<keyof ConsentState, string | undefined>>;
}) {
  const docs = useLegalDocuments();
  const rows = [
    { key: 'policy', label: T.join.agreePolicy, doc: docs.policy, href: mobile ? '/mobileService' : '/policy' },
    { key: 'privacy', label: T.join.agreePrivacy, doc: docs.privacy, href: mobile ? '/mobileService?tab=privacy' : '/privacy' },
  ] as const;
  return (
    <div className="consents">
      <label className="check check-all">
        <input
          type="checkbox"
          checked={value.policy && value.privacy}
          onChange={(e) => onChange({ policy: e.target.checked, privacy: e.target.checked })}
        />
        {T.join.agreeAll}
      </label>
      {rows.map((row) => (
        <div key={row.key} className="consent">
          <div className="consent-head">
            <label className="check">
              <input
                type="checkbox"
                name={row.key}
                checked={value[row.key]}
                onChange={(e) => onChange({ ...value, [row.key]: e.target.checked })}
              />
              {row.label}
            </label>
            <a href={row.href} target="_blank" rel="noopener" className="consent-full">
              {T.join.viewFull}
              <span className="sr-only">{T.join.newWindow}</span>
            </a>
          </div>
          <div className="terms-box" tabIndex={0} role="region" aria-label={row.doc.title}>
            <LegalText doc={row.doc} compact />
          </div>
          {errors?.[row.key] && (
            <p className="field-error" role="alert">
              {errors[row.key]}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * The business number is already a member: six ways on (spec 1 §4). Escape or the backdrop
 * close it like 다시 입력.
 */
export function ExistingCompanyDialog({ license, mobile, onRetry }: { license: string; mobile: boolean; onRetry: () => void }) {
  const navigate = useNavigate();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector('button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onRetry();
      if (e.key === 'Tab' && box.current) {
        // Keep the focus inside the dialog.
        const buttons = [...box.current.querySelectorAll('button')];
        const first = buttons[0];
        const last = buttons[buttons.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last?.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onRetry]);

  const c = T.join.existsChoices;
  const choices: { label: string; go: () => void; primary?: boolean }[] = [
    { label: c.login, go: () => navigate(mobile ? '/mobileLogin' : '/login'), primary: true },
    { label: c.home, go: () => navigate(mobile ? '/mobile' : '/home') },
    { label: c.sub, go: () => navigate(`/JoinSub?license=${encodeURIComponent(license)}`), primary: true },
    { label: c.retry, go: onRetry },
    { label: c.findId, go: () => navigate(mobile ? '/mobileMemberIdInq' : '/memberIdInq') },
    { label: c.findPw, go: () => navigate(mobile ? '/mobileJoin?tab=findPw' : '/memberPwInq') },
  ];
  return (
    <div className="modal-backdrop" onClick={onRetry}>
      <div
        ref={box}
        className="modal exists-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id={titleId}>{T.join.existsTitle}</h2>
        <p className="exists-number">
          {T.join.existsNumber} <b>{formatBusinessNumber(license)}</b>
        </p>
        <p>{T.join.existsBody}</p>
        <div className="choice-grid">
          {choices.map((choice) => (
            <button
              key={choice.label}
              type="button"
              className={choice.primary ? 'btn btn-primary' : 'btn'}
              onClick={choice.go}
            >
              {choice.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * Sends the join form (company or sub-account). On 201 the stored session is cleared, the
 * success notice shows and the user moves to login after 3 s; otherwise the server's message is
 * alerted and shown under the field it names.
 */
export function useJoinSubmit(mobile: boolean, onFieldError: (field: string, message: string) => void) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const notify = useNotify();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = async (payload: JoinRequest) => {
    if (busy || done) return;
    setBusy(true);
    let res: Awaited<ReturnType<typeof post>>;
    try {
      res = await post('api/join', payload);
    } finally {
      setBusy(false);
    }
    if (res.code === 201) {
      session.clear();
      setDone(true);
      timer.current = setTimeout(() => navigate(mobile ? '/mobileLogin' : '/login'), TIMING.joinRedirectMs);
      return;
    }
    const message = res.message || MSG.joinFailed;
    if (res.field) onFieldError(res.field, message);
    await notify.alert(message);
    if (res.field) focusField(res.field);
  };
  return { busy, done, send };
}

/** Focuses a form field by name (after the render that shows it). */
export function focusField(name: string) {
  setTimeout(() => document.getElementById(`f-${name}`)?.focus(), 0);
}

/** Focuses the first field marked invalid. */
export function focusFirstInvalid() {
  setTimeout(() => document.querySelector<HTMLInputElement>('.field-invalid input')?.focus(), 0);
}

/** The join form's login account: the spec's 'Enter the login account' when blank, then the login id rules. */
export const joinIdField = z.string({ error: MSG.joinIdRequired }).trim().min(1, MSG.joinIdRequired).pipe(loginIdField);

/** Password confirmation: required, and equal to the password. */
export const confirmFieldFor = (pw: string) =>
  z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).refine((v) => v === pw, MSG.passwordMismatch);

/** The end of a join: the notice, and a way to log in at once instead of waiting 3 s. */
export function JoinDone({ mobile }: { mobile: boolean }) {
  useEffect(() => {
    // Braces matter: newer browsers return a promise from scrollTo, and an effect may return only a cleanup.
    window.scrollTo(0, 0);
  }, []);
  return (
    <div className="join-done">
      <p className="notice-success" role="status">
        {T.join.done}
      </p>
      <Link className="btn btn-primary btn-block" to={mobile ? '/mobileLogin' : '/login'}>
        {T.join.goLogin}
      </Link>
    </div>
  );
}

type AccountField = 'id' | 'pw' | 'cpw';

/** The login id, password and its confirmation: the last fields of both join forms. */
export function AccountFields({
  values,
  errors,
  onValue,
  onBlur,
}: {
  values: Record<AccountField, string>;
  errors: Partial<Record<AccountField, string>>;
  onValue: (field: AccountField, value: string) => void;
  onBlur: (field: AccountField, value: string) => void;
}) {
  const field = (name: AccountField) => ({
    name,
    value: values[name],
    onValue: (v: string) => onValue(name, v),
    onBlur: () => onBlur(name, values[name]),
    error: errors[name],
  });
  return (
    <>
      <TextField {...field('id')} label={T.join.id} type="email" autoComplete="username" maxLength={50} hint={T.join.idHint} />
      <div className="form-grid">
        <TextField {...field('pw')} label={T.join.pw} type="password" autoComplete="new-password" maxLength={20} hint={T.join.pwHint} />
        <TextField {...field('cpw')} label={T.join.cpw} type="password" autoComplete="new-password" maxLength={20} />
      </div>
    </>
  );
}
