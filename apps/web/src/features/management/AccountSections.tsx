import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useController, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { canWithdraw, MSG_MEMBER, withdrawRequest } from '@partsmall/contract';
import { fieldOf, messageOf } from '../../shared/api';
import { businessNumber } from '../../shared/format';
import { pathFor } from '../../shared/paths';
import { session, useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { FieldShell, Form, PasswordField, setServerError, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { SectionHead } from './components/SectionHead';
import { useRenewSecurityNumber, useWithdraw, withdrawCheckQuery } from './api';
import './management.css';

const M = T.management;
const S = M.security;
const W = M.withdraw;

/** Security number (docs/requirements.md#member-area): shows the company's number and renews it after a confirmation. */
export function SecuritySection() {
  const { userInfo } = useSession();
  const notify = useNotify();
  const renew = useRenewSecurityNumber();
  const company = userInfo?.companyInfo;
  if (!userInfo || !company) return <p className="notice-warn">{M.companyOnly}</p>;

  const askRenew = () =>
    void notify
      .confirm({ title: S.confirmTitle, text: S.confirm, confirmLabel: S.renew, busyLabel: S.renewing }, () =>
        renew.mutateAsync(),
      )
      .then(
        (a) => a && notify.toast(a.message || S.renewed),
        // The original message when renewal fails (docs/requirements.md#korean-texts).
        () => void notify.alert(S.failed),
      );

  return (
    <div>
      <SectionHead title={S.title} intro={S.intro} />
      <div className="mg-box mg-security">
        <dl className="mg-pay-figures">
          <dt>{S.license}</dt>
          <dd>{businessNumber(company.license ?? '')}</dd>
          <dt>{S.current}</dt>
          <dd className="mg-secret" data-testid="security-num">
            {company.securityNum ?? '-'}
          </dd>
        </dl>
        <button type="button" className="btn btn-primary" onClick={askRenew}>
          {S.renew}
        </button>
      </div>
    </div>
  );
}

const AGREES = ['agree1', 'agree2', 'agree3', 'agree4'] as const;

function Agree({ name, text, n }: { name: (typeof AGREES)[number]; text: string; n: number }) {
  const { field } = useController({ name });
  return (
    <li>
      <p>{text}</p>
      <label className="check">
        <input
          type="checkbox"
          ref={field.ref}
          checked={field.value === true}
          onChange={(e) => field.onChange(e.target.checked)}
        />
        {W.agreeLabel(n)}
      </label>
    </li>
  );
}

/**
 * The withdraw button: enabled only when all four are ticked and the typed name is the user's
 * (docs/requirements.md#withdrawal), and the password is typed when it is asked for; never while
 * the company's orders in progress hold a main account's withdrawal back (the notice above says why).
 */
function WithdrawButton({
  name,
  busy,
  needsPassword,
  held,
}: {
  name: string;
  busy: boolean;
  needsPassword: boolean;
  /** Why the withdrawal is held back (orders in progress, 외상 owed), or null. */
  held: string | null;
}) {
  const values = useWatch({ name: [...AGREES, 'userName', 'pw'] }) as [
    boolean,
    boolean,
    boolean,
    boolean,
    string,
    string | undefined,
  ];
  const [agree1, agree2, agree3, agree4, userName, pw] = values;
  const ready =
    canWithdraw({ agree1, agree2, agree3, agree4, userName }, name) && (!needsPassword || (pw ?? '') !== '');
  const why = held ?? (needsPassword ? W.whyPassword : W.why);
  const usable = ready && !held;
  return (
    <>
      <div className="mg-form-actions">
        <button type="submit" className="btn btn-danger" disabled={!usable || busy} title={usable ? undefined : why}>
          {busy ? W.submitting : W.submit}
        </button>
      </div>
      {!ready && !held && <p className="field-hint mg-why">{why}</p>}
    </>
  );
}

/**
 * Withdrawal (docs/requirements.md#withdrawal): four confirmations and the typed name; the button is enabled only
 * when all are given; success ends the session and goes home. A session older than ten minutes
 * also gives the password: the field is there when the server says so, or appears when a
 * withdrawal is refused for want of it (the session aged while the page was open). A main account
 * whose company has orders in progress or owes 외상 is told so before it fills anything in, and cannot withdraw.
 */
export function WithdrawSection({ mobile }: { mobile: boolean }) {
  const { userInfo } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const check = useQuery(withdrawCheckQuery);
  const [askedPassword, setAskedPassword] = useState(false);
  const withdraw = useWithdraw((a) => {
    notify.toast(a.message || W.done);
    // Withdrawal removes token and user info and goes home (docs/requirements.md#withdrawal).
    session.clear();
    navigate(pathFor('home', mobile), { replace: true });
  });
  const form = useZodForm(withdrawRequest, {
    agree1: false,
    agree2: false,
    agree3: false,
    agree4: false,
    userName: '',
    pw: '',
  } as never);
  const userName = useController({ name: 'userName', control: form.control });
  if (!userInfo) return null;
  const needsPassword = askedPassword || check.data?.pwRequired === true;
  // Orders staff still handle, and 외상 owed, hold a main account's withdrawal back (docs/requirements.md#withdrawal).
  const ordersHeld = (check.data?.ordersInProgress ?? 0) > 0;
  const owed = check.data?.creditOwed ?? 0;
  const held = ordersHeld ? MSG_MEMBER.withdrawOrdersInProgress : owed > 0 ? MSG_MEMBER.withdrawCreditOwed(owed) : null;

  const submit = (v: (typeof withdrawRequest)['_output']) =>
    withdraw.mutate(v, {
      onError: (e) => {
        if (fieldOf(e, ['pw']) === 'pw') {
          setAskedPassword(true);
          setServerError(form, 'pw', messageOf(e));
        }
        void notify.alert(messageOf(e));
      },
    });

  return (
    <div>
      <SectionHead title={W.title} intro={W.intro} />
      {ordersHeld && (
        <p className="notice-warn" role="status">
          {MSG_MEMBER.withdrawOrdersInProgress}
        </p>
      )}
      {owed > 0 && (
        <p className="notice-warn" role="status">
          {MSG_MEMBER.withdrawCreditOwed(owed)}
        </p>
      )}
      <Form form={form} className="mg-box mg-withdraw" onSubmit={submit}>
        <ol className="mg-agrees">
          {W.agrees.map((text, i) => (
            <Agree key={text} name={AGREES[i]!} text={text} n={i + 1} />
          ))}
        </ol>
        <FieldShell id="mg-withdraw-name" label={W.name} hint={W.nameHint(userInfo.name)}>
          <input
            id="mg-withdraw-name"
            maxLength={50}
            autoComplete="off"
            ref={userName.field.ref}
            value={userName.field.value as string}
            onBlur={userName.field.onBlur}
            onChange={(e) => userName.field.onChange(e.target.value)}
          />
        </FieldShell>
        {needsPassword && (
          <>
            {/* The account the password belongs to, for password managers. */}
            <input type="email" name="username" autoComplete="username" value={userInfo.id} readOnly hidden />
            <PasswordField
              name="pw"
              id="mg-withdraw-pw"
              label={W.pw}
              autoComplete="current-password"
              maxLength={100}
              hint={W.pwHint}
            />
          </>
        )}
        <WithdrawButton name={userInfo.name} busy={withdraw.isPending} needsPassword={needsPassword} held={held} />
      </Form>
    </div>
  );
}
