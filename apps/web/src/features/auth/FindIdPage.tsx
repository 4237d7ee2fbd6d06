import { useState } from 'react';
import { Link } from 'react-router';
import { fieldOf, messageOf } from '../../shared/api';
import { pathFor } from '../../shared/paths';
import { T } from '../../shared/texts';
import { Form, SubmitButton, setServerError, useZodForm } from '../../shared/ui/form';
import { AuthLinks } from './AuthLinks';
import { findIdForm } from './forms';
import { StepIndicator } from './components/JoinSteps';
import { FindVerification } from './PhoneVerification';
import { useFindMemberId } from './api';
import './auth.css';

/** /memberIdInq and /mobileMemberIdInq: 0 phone, 1 code requested, 2 id shown (docs/requirements.md#account-screens). */
export function FindIdPage({ mobile = false }: { mobile?: boolean }) {
  const form = useZodForm(findIdForm, { phone: '', authCode: '' });
  const [step, setStep] = useState<0 | 1>(0);
  const find = useFindMemberId();

  const submit = (v: { phone: string; authCode: string }) => {
    if (step !== 1 || find.isPending) return;
    find.mutate(v, {
      onError: (e) => setServerError(form, fieldOf(e, ['phone']) ?? 'authCode', messageOf(e) || T.findId.fallback),
    });
  };
  const shown = find.isSuccess ? 2 : step;

  return (
    <section className={mobile ? 'm-page auth-page' : 'page narrow auth-page'}>
      <h1>{T.findId.title}</h1>
      <StepIndicator steps={T.findId.steps} current={shown} />
      {find.isSuccess ? (
        <div className="found-box" role="status">
          {find.data.length === 1 ? (
            <>
              <p className="found-label">{T.findId.result}</p>
              <p className="found-id" data-testid="found-id">
                {find.data[0]}
              </p>
            </>
          ) : (
            // Several accounts gave the phone: each id on its own line, oldest first (docs/security.md#sessions).
            <>
              <p className="found-label">{T.findId.resultMany(find.data.length)}</p>
              <ul className="found-ids" data-testid="found-ids">
                {find.data.map((id) => (
                  <li key={id} className="found-id">
                    {id}
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="found-actions">
            <Link className="btn btn-primary" to={pathFor('login', mobile)}>
              {T.findId.toLogin}
            </Link>
            <Link className="btn" to={pathFor('findPw', mobile)}>
              {T.findId.toFindPw}
            </Link>
          </div>
        </div>
      ) : (
        <Form form={form} onSubmit={submit}>
          <p className="page-intro">{T.findId.intro}</p>
          <FindVerification step={step} onStep={setStep} onCodeEnter={() => void form.handleSubmit(submit)()} />
          {step === 1 && (
            <SubmitButton
              ready={(v) => v.authCode!.length === 6}
              why={T.findId.submitDisabledWhy}
              busy={find.isPending}
              label={T.findId.submit}
              busyLabel={T.findId.searching}
            />
          )}
        </Form>
      )}
      <AuthLinks mobile={mobile} links={['home', 'login', 'findPw', 'join']} />
    </section>
  );
}
