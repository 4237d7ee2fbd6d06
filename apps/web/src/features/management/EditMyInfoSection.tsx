import { useState, type FormEvent } from 'react';
import { updateMyInfoRequest, updateMyPasswordRequest, type UserInfo } from '@partsmall/contract';
import { post } from '../../shared/api';
import { session, useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { TextField } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import type { MyInfoResult } from './api';
import { SectionHead, useSchemaForm, PHONE_INPUT_MAX, upTo } from './parts';

const M = T.management;
const F = M.myInfo;

/** Edit my info (spec 2 §2): the info form, toggling to the password form; leaving it clears it. */
export function EditMyInfoSection() {
  const { userInfo } = useSession();
  const [mode, setMode] = useState<'info' | 'password'>('info');
  if (!userInfo) return null;
  return (
    <div>
      <SectionHead title={mode === 'info' ? F.title : F.passwordTitle}>
        {mode === 'info' ? (
          <button type="button" className="btn" onClick={() => setMode('password')}>
            {F.toPassword}
          </button>
        ) : (
          <button type="button" className="btn" onClick={() => setMode('info')}>
            {F.toInfo}
          </button>
        )}
      </SectionHead>
      {/* The password form unmounts when left, so its fields start empty next time. */}
      {mode === 'info' ? <InfoForm key={userInfo.seq} userInfo={userInfo} /> : <PasswordForm onDone={() => setMode('info')} />}
    </div>
  );
}

function InfoForm({ userInfo }: { userInfo: UserInfo }) {
  const [name, setName] = useState(userInfo.name);
  const [phone, setPhone] = useState(userInfo.phone);
  const [mail, setMail] = useState(userInfo.mail);
  const [busy, setBusy] = useState(false);
  const { errors, checkField, validate } = useSchemaForm(updateMyInfoRequest);
  const notify = useNotify();
  const values = { seq: userInfo.seq, name, phone, mail };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validate(values);
    if (problem) return;
    setBusy(true);
    const res = await post<MyInfoResult>('api/updateMyInfo', { ...values, name: name.trim(), mail: mail.trim() }).finally(() => setBusy(false));
    if (res.code === 201 && res.results) {
      session.login(res.results.token, res.results.userInfo);
      notify.toast(res.message);
    } else {
      await notify.alert(res.message);
    }
  };

  return (
    <form className="form mg-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="mg-my-id">{F.id}</label>
        <div className="field-row">
          <input id="mg-my-id" value={userInfo.id} readOnly />
        </div>
      </div>
      <TextField name="name" id="mg-my-name" label={F.name} value={name} maxLength={20} onValue={setName} onBlur={() => checkField('name', values)} error={errors.name} />
      <TextField
        name="phone"
        id="mg-my-phone"
        label={F.phone}
        value={phone}
        digits
        maxLength={PHONE_INPUT_MAX}
        hint={F.phoneHint}
        onValue={upTo(11, setPhone)}
        onBlur={() => checkField('phone', values)}
        error={errors.phone}
      />
      <TextField
        name="mail"
        id="mg-my-mail"
        label={F.mail}
        type="email"
        value={mail}
        maxLength={100}
        onValue={setMail}
        onBlur={() => checkField('mail', values)}
        error={errors.mail}
      />
      <div className="mg-form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? M.saving : M.save}
        </button>
      </div>
    </form>
  );
}

function PasswordForm({ onDone }: { onDone: () => void }) {
  const [opw, setOpw] = useState('');
  const [pw, setPw] = useState('');
  const [cpw, setCpw] = useState('');
  const [busy, setBusy] = useState(false);
  const { errors, checkField, validate } = useSchemaForm(updateMyPasswordRequest);
  const notify = useNotify();
  const values = { opw, pw, cpw };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (validate(values)) return;
    setBusy(true);
    const res = await post<Partial<MyInfoResult>>('api/updateMyPassword', values).finally(() => setBusy(false));
    // A new token comes back when the server renews this tab's session with the password.
    if (res.code === 201 && res.results?.token && res.results.userInfo) session.login(res.results.token, res.results.userInfo);
    await notify.alert(res.message);
    if (res.code === 201 || res.code === 200) onDone();
  };

  return (
    <form className="form mg-form" onSubmit={submit} noValidate>
      <TextField
        name="opw"
        id="mg-opw"
        label={F.opw}
        type="password"
        autoComplete="current-password"
        value={opw}
        maxLength={20}
        onValue={setOpw}
        onBlur={() => checkField('opw', values)}
        error={errors.opw}
      />
      <TextField
        name="pw"
        id="mg-pw"
        label={F.pw}
        type="password"
        autoComplete="new-password"
        value={pw}
        maxLength={20}
        hint={F.pwHint}
        onValue={setPw}
        onBlur={() => checkField('pw', values)}
        error={errors.pw}
      />
      <TextField
        name="cpw"
        id="mg-cpw"
        label={F.cpw}
        type="password"
        autoComplete="new-password"
        value={cpw}
        maxLength={20}
        onValue={setCpw}
        onBlur={() => cpw !== '' && checkField('cpw', values)}
        error={errors.cpw}
      />
      <div className="mg-form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? M.saving : F.changePassword}
        </button>
      </div>
    </form>
  );
}
