import { useEffect, useId, type ReactNode } from 'react';
import { useController, useFormContext, type FieldValues } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { businessNumber } from '../../../shared/format';
import { pathFor } from '../../../shared/paths';
import { T } from '../../../shared/texts';
import { Field, Form, PasswordField } from '../../../shared/ui/form';
import { Modal } from '../../../shared/ui/Modal';
import { LegalText, useLegalDocuments } from '../../legal';
import { PhoneVerification, type PhoneAuthState } from '../PhoneVerification';
import type { useJoinFlow } from '../useJoinFlow';
import '../auth.css';

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
export function StepBox({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="step-box" aria-labelledby={id}>
      <h2 id={id}>
        <span className="step-badge">{n}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One required consent of the surrounding form, with a scrollable excerpt of its document. */
function Consent({
  name,
  label,
  doc,
  href,
}: {
  name: 'policy' | 'privacy';
  label: string;
  doc: ReturnType<typeof useLegalDocuments>['policy'];
  href: string;
}) {
  const { field } = useController({ name });
  return (
    <div className="consent">
      <div className="consent-head">
        <label className="check">
          <input
            type="checkbox"
            name={name}
            ref={field.ref}
            checked={field.value === true}
            onChange={(e) => field.onChange(e.target.checked)}
          />
          {label}
        </label>
        <a href={href} target="_blank" rel="noopener" className="consent-full">
          {T.join.viewFull}
          <span className="sr-only">{T.join.newWindow}</span>
        </a>
      </div>
      <div className="terms-box" tabIndex={0} role="region" aria-label={doc.title}>
        <LegalText doc={doc} compact />
      </div>
    </div>
  );
}

/** Terms consent: 전체 동의 plus the two required consents (the form's policy and privacy). */
export function Consents({ mobile = false }: { mobile?: boolean }) {
  const docs = useLegalDocuments();
  const { setValue, watch } = useFormContext();
  const all = watch('policy') === true && watch('privacy') === true;
  return (
    <div className="consents">
      <label className="check check-all">
        <input
          type="checkbox"
          checked={all}
          onChange={(e) => {
            setValue('policy', e.target.checked);
            setValue('privacy', e.target.checked);
          }}
        />
        {T.join.agreeAll}
      </label>
      <Consent name="policy" label={T.join.agreePolicy} doc={docs.policy} href={pathFor('policy', mobile)} />
      <Consent name="privacy" label={T.join.agreePrivacy} doc={docs.privacy} href={pathFor('privacy', mobile)} />
    </div>
  );
}

/**
 * The business number is already a member: six ways on (docs/requirements.md#account-screens). Escape or the backdrop
 * close it like 다시 입력.
 */
export function ExistingCompanyDialog({
  license,
  mobile,
  onRetry,
}: {
  license: string;
  mobile: boolean;
  onRetry: () => void;
}) {
  const navigate = useNavigate();
  const c = T.join.existsChoices;
  const choices: { label: string; go: () => void; primary?: boolean }[] = [
    { label: c.login, go: () => navigate(pathFor('login', mobile)), primary: true },
    { label: c.home, go: () => navigate(pathFor('home', mobile)) },
    { label: c.sub, go: () => navigate(`/JoinSub?license=${encodeURIComponent(license)}`), primary: true },
    { label: c.retry, go: onRetry },
    { label: c.findId, go: () => navigate(pathFor('findId', mobile)) },
    { label: c.findPw, go: () => navigate(pathFor('findPw', mobile)) },
  ];
  return (
    <Modal
      title={T.join.existsTitle}
      onClose={onRetry}
      header={false}
      size="narrow"
      className="exists-dialog"
      focusFirst
    >
      <h2>{T.join.existsTitle}</h2>
      <p className="exists-number">
        {T.join.existsNumber} <b>{businessNumber(license)}</b>
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
    </Modal>
  );
}
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
      <Link className="btn btn-primary btn-block" to={pathFor('login', mobile)}>
        {T.join.goLogin}
      </Link>
    </div>
  );
}

/** Steps 2 and 3 of both join forms: the phone check, then the two consents. */
export function PhoneAndTerms({
  mobile,
  phoneState,
  onPhoneState,
}: {
  mobile: boolean;
  phoneState: PhoneAuthState;
  onPhoneState: (s: PhoneAuthState) => void;
}) {
  const { watch } = useFormContext();
  const consented = watch('policy') === true && watch('privacy') === true;
  return (
    <>
      <StepBox n={2} title={T.join.boxPhone}>
        <PhoneVerification purpose="join" verify state={phoneState} onState={onPhoneState} />
      </StepBox>
      <StepBox n={3} title={T.join.boxTerms}>
        <Consents mobile={mobile} />
        {phoneState < 2 && consented && <p className="field-hint">{T.join.needVerified}</p>}
      </StepBox>
    </>
  );
}

/** Step 4 of both join forms: their own fields, then the login id, password and its confirmation. */
export function DetailsStep({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <StepBox n={4} title={T.join.boxDetails}>
      <div className="form-grid">{children}</div>
      <Field name="id" label={T.join.id} type="email" autoComplete="username" maxLength={50} hint={T.join.idHint} />
      <div className="form-grid">
        <PasswordField name="pw" label={T.join.pw} hint={T.join.pwHint} />
        <PasswordField name="cpw" label={T.join.cpw} />
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? T.join.submitting : T.join.submit}
      </button>
    </StepBox>
  );
}

/** The business number of both join forms: 10 digits, typed with or without hyphens. */
export function LicenseField(props: Omit<Parameters<typeof Field>[0], 'name' | 'label' | 'digits' | 'maxLength'>) {
  return <Field name="license" label={T.join.license} digits={10} maxLength={12} autoComplete="off" {...props} />;
}

/**
 * Both join forms (company and sub-account): the steps, then the form — its first box, the phone and
 * the consents once that box is done, its details once the phone is verified — or the end.
 */
export function JoinFlowView<I extends FieldValues, O>({
  flow,
  steps,
  intro,
  onSubmit,
  first,
  phoneShown,
  details,
}: {
  flow: ReturnType<typeof useJoinFlow<I, O>>;
  steps: readonly string[];
  intro: string;
  onSubmit: (values: O) => unknown;
  first: ReactNode;
  phoneShown: boolean;
  details: ReactNode;
}) {
  const { form, mobile } = flow;
  return (
    <>
      <StepIndicator steps={steps} current={flow.done ? steps.length : flow.current} />
      {flow.done ? (
        <JoinDone mobile={mobile} />
      ) : (
        <Form form={form} onSubmit={onSubmit}>
          <p className="page-intro">{intro}</p>
          {first}
          {phoneShown && (
            <PhoneAndTerms mobile={mobile} phoneState={flow.phoneState} onPhoneState={flow.setPhoneState} />
          )}
          {flow.authState === 3 && <DetailsStep busy={flow.busy}>{details}</DetailsStep>}
        </Form>
      )}
    </>
  );
}
