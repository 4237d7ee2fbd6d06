import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fieldOf, messageOf } from '../../shared/api';
import { pathFor } from '../../shared/paths';
import { T } from '../../shared/texts';
import { Field, Form, PasswordField, SubmitButton, setServerError, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { AuthLinks } from './AuthLinks';
import { findPwForm } from './forms';
import { StepIndicator } from './components/JoinSteps';
import { focusField } from './useJoinFlow';
import { FindVerification } from './PhoneVerification';
import { useFindMemberPw } from './api';
import './auth.css';

/**
 * /memberPwInq (phones: the second tab of /mobileJoin): step 0 phone, step 1 code plus the new
 * password and its confirmation (docs/requirements.md#account-screens). Without an id the server
 * resets the phone's lone account or its proved holder; '다른 아이디의 비밀번호 찾기' opens an id field
 * for another account that gave the number. It is offered whatever the phone: the page is told
 * nothing of the number's accounts before the code is used. When several gave it and none proved it,
 * the server asks which: the field appears, and the next try sends it with the same code
 * (docs/security.md#sessions).
 */
export function FindPwPage({ mobile = false }: { mobile?: boolean }) {
  const form = useZodForm(findPwForm, { phone: '', authCode: '', pw: '', cpw: '', id: '' });
  const [step, setStep] = useState<0 | 1>(0);
  const [askId, setAskId] = useState(false);
  const change = useFindMemberPw();
  const notify = useNotify();
  const navigate = useNavigate();

  // Another phone starts over: its accounts are asked about anew.
  const toStep = (next: 0 | 1) => {
    setStep(next);
    if (next === 0) {
      setAskId(false);
      form.setValue('id', '');
    }
  };

  const openId = () => {
    setAskId(true);
    focusField('id');
  };

  const submit = (v: { phone: string; authCode: string; pw: string; cpw: string; id?: string | undefined }) => {
    if (step !== 1 || change.isPending) return;
    change.mutate(v, {
      onSuccess: (answer) => {
        // Names the account: where several gave the phone, the buyer sees which one changed.
        notify.toast(answer.results ? T.findPw.changedFor(answer.results.id) : answer.message);
        navigate(pathFor('login', mobile));
      },
      onError: async (e) => {
        const message = messageOf(e) || T.findPw.fallback;
        const field = fieldOf(e, ['phone', 'authCode', 'pw', 'cpw', 'id']);
        if (field === 'id') setAskId(true);
        setServerError(form, field, message);
        await notify.alert(message);
        if (field) focusField(field);
      },
    });
  };

  return (
    <section className={mobile ? 'm-page auth-page' : 'page narrow auth-page'}>
      {/* On phones this is the second tab of /mobileJoin, which already names the screen. */}
      <h1 className={mobile ? 'sr-only' : undefined}>{T.findPw.title}</h1>
      <StepIndicator steps={T.findPw.steps} current={step} />
      <Form form={form} onSubmit={submit}>
        <p className="page-intro">{T.findPw.intro}</p>
        <FindVerification step={step} onStep={toStep} onCodeEnter={() => focusField('pw')} />
        {step === 1 && (
          <>
            <PasswordField name="pw" label={T.findPw.newPw} hint={T.join.pwHint} />
            <PasswordField name="cpw" label={T.findPw.confirm} />
            {!askId && (
              <button type="button" className="link find-other-id" onClick={openId}>
                {T.findPw.otherId}
              </button>
            )}
            {askId && (
              <Field
                name="id"
                label={T.findPw.id}
                hint={T.findPw.idHint}
                type="email"
                autoComplete="username"
                maxLength={50}
              />
            )}
            <SubmitButton
              ready={(v) =>
                v.authCode!.length === 6 && v.pw !== '' && v.cpw !== '' && (!askId || (v.id ?? '').trim() !== '')
              }
              why={askId ? T.findPw.submitDisabledWhyId : T.findPw.submitDisabledWhy}
              busy={change.isPending}
              label={T.findPw.submit}
              busyLabel={T.findPw.saving}
            />
          </>
        )}
      </Form>
      <AuthLinks mobile={mobile} links={['home', 'login', 'findId']} />
    </section>
  );
}
