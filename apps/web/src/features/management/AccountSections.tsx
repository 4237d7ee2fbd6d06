import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { canWithdraw, formatBusinessNumber } from '@partsmall/contract';
import { post } from '../../shared/api';
import { session, useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { useNotify } from '../../shared/ui/notify';
import { ConfirmModal, SectionHead } from './parts';

const M = T.management;
const S = M.security;
const W = M.withdraw;

/** Security number (spec 2 §2): shows the company's number and renews it after a confirmation. */
export function SecuritySection() {
  const { userInfo } = useSession();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const company = userInfo?.companyInfo;
  if (!userInfo || !company) return <p className="notice-warn">{M.companyOnly}</p>;

  const renew = async () => {
    setBusy(true);
    const res = await post<{ securityNum?: string }>('api/updateSecurityNumber').finally(() => setBusy(false));
    setAsking(false);
    const num = res.results?.securityNum;
    if (res.code === 201 && num) {
      const now = session.get().userInfo;
      if (now?.companyInfo) session.setUserInfo({ ...now, companyInfo: { ...now.companyInfo, securityNum: num } });
      notify.toast(res.message || S.renewed);
    } else {
      await notify.alert(S.failed);
    }
  };

  return (
    <div>
      <SectionHead title={S.title} intro={S.intro} />
      <div className="mg-box mg-security">
        <dl className="mg-pay-figures">
          <dt>{S.license}</dt>
          <dd>{formatBusinessNumber(company.license ?? '')}</dd>
          <dt>{S.current}</dt>
          <dd className="mg-secret" data-testid="security-num">
            {company.securityNum ?? '-'}
          </dd>
        </dl>
        <button type="button" className="btn btn-primary" onClick={() => setAsking(true)}>
          {S.renew}
        </button>
      </div>
      {asking && (
        <ConfirmModal
          title={S.confirmTitle}
          text={S.confirm}
          confirmLabel={S.renew}
          busyLabel={S.renewing}
          busy={busy}
          onConfirm={() => void renew()}
          onCancel={() => setAsking(false)}
        />
      )}
    </div>
  );
}

/**
 * Withdrawal (spec 2 §2, §4): four confirmations and the typed name; the button is enabled only
 * when all are given; success ends the session and goes home.
 */
export function WithdrawSection({ mobile }: { mobile: boolean }) {
  const { userInfo } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const [agrees, setAgrees] = useState([false, false, false, false]);
  const [userName, setUserName] = useState('');
  const [busy, setBusy] = useState(false);
  if (!userInfo) return null;
  const form = { agree1: agrees[0]!, agree2: agrees[1]!, agree3: agrees[2]!, agree4: agrees[3]!, userName };
  const ready = canWithdraw(form, userInfo.name);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    const res = await post('api/WithdrawMember', { ...form, userName: userName.trim() }).finally(() => setBusy(false));
    if (res.code === 201) {
      session.clear();
      notify.toast(res.message || W.done);
      navigate(mobile ? '/mobile' : '/home', { replace: true });
    } else await notify.alert(res.message);
  };

  return (
    <div>
      <SectionHead title={W.title} intro={W.intro} />
      <form className="mg-box mg-withdraw" onSubmit={submit} noValidate>
        <ol className="mg-agrees">
          {W.agrees.map((text, i) => (
            <li key={text}>
              <p>{text}</p>
              <label className="check">
                <input
                  type="checkbox"
                  checked={agrees[i]}
                  onChange={(e) => setAgrees((a) => a.map((v, j) => (j === i ? e.target.checked : v)))}
                />
                {W.agreeLabel(i + 1)}
              </label>
            </li>
          ))}
        </ol>
        <div className="field">
          <label htmlFor="mg-withdraw-name">{W.name}</label>
          <div className="field-row">
            <input id="mg-withdraw-name" value={userName} maxLength={50} autoComplete="off" onChange={(e) => setUserName(e.target.value)} />
          </div>
          <p className="field-hint">{W.nameHint(userInfo.name)}</p>
        </div>
        <div className="mg-form-actions">
          <button type="submit" className="btn btn-danger" disabled={!ready || busy} title={ready ? undefined : W.why}>
            {busy ? W.submitting : W.submit}
          </button>
        </div>
        {!ready && <p className="field-hint mg-why">{W.why}</p>}
      </form>
    </div>
  );
}
