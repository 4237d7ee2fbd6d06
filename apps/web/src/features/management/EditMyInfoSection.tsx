import { useMemo, useState } from 'react';
import { editedNameField, updateMyInfoRequest, updateMyPasswordRequest, type UserInfo } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { Field, Form, PasswordField, PhoneField, ReadOnlyField, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { FormActions } from '../../shared/ui/FormActions';
import { SectionHead } from './components/SectionHead';
import { useUpdateMyInfo, useUpdatePassword } from './api';

const M = T.management;
const F = M.myInfo;

/** Edit my info (docs/requirements.md#member-area): the info form, toggling to the password form; leaving it clears it. */
export function EditMyInfoSection() {
  const { userInfo } = useSession();
  const [mode, setMode] = useState<'info' | 'password'>('info');
  if (!userInfo) return null;
  const info = mode === 'info';
  return (
    <div>
      <SectionHead title={info ? F.title : F.passwordTitle}>
        <button type="button" className="btn" onClick={() => setMode(info ? 'password' : 'info')}>
          {info ? F.toPassword : F.toInfo}
        </button>
      </SectionHead>
      {/* The password form unmounts when left, so its fields start empty next time. */}
      {info ? (
        <InfoForm key={userInfo.seq} userInfo={userInfo} />
      ) : (
        <PasswordForm id={userInfo.id} onDone={() => setMode('info')} />
      )}
    </div>
  );
}

function InfoForm({ userInfo }: { userInfo: UserInfo }) {
  // The name a join stored (a company name, an id's part) is saved unchanged (docs/requirements.md#validation).
  const schema = useMemo(() => updateMyInfoRequest.extend({ name: editedNameField(userInfo.name) }), [userInfo.name]);
  const form = useZodForm(schema, {
    seq: userInfo.seq,
    name: userInfo.name,
    phone: userInfo.phone,
    mail: userInfo.mail,
  });
  const update = useUpdateMyInfo();
  const notify = useNotify();
  const submit = (v: (typeof schema)['_output']) =>
    update.mutate(v, { onSuccess: (a) => notify.toast(a.message), onError: (e) => void notify.alert(messageOf(e)) });

  return (
    <Form form={form} className="form mg-form" onSubmit={submit}>
      <ReadOnlyField id="mg-my-id" label={F.id} value={userInfo.id} />
      <Field name="name" id="mg-my-name" label={F.name} maxLength={20} />
      <PhoneField name="phone" id="mg-my-phone" label={F.phone} hint={F.phoneHint} />
      <Field name="mail" id="mg-my-mail" label={F.mail} type="email" maxLength={100} />
      <FormActions busy={update.isPending} label={M.save} />
    </Form>
  );
}

function PasswordForm({ id, onDone }: { id: string; onDone: () => void }) {
  const form = useZodForm(updateMyPasswordRequest, { opw: '', pw: '', cpw: '' });
  const change = useUpdatePassword();
  const notify = useNotify();
  const submit = (v: (typeof updateMyPasswordRequest)['_output']) =>
    change.mutate(v, {
      onSuccess: async (a) => {
        await notify.alert(a.message);
        onDone();
      },
      onError: (e) => void notify.alert(messageOf(e)),
    });

  return (
    <Form form={form} className="form mg-form" onSubmit={submit}>
      {/* The account the password belongs to, for password managers (a password form names its user). */}
      <input type="email" name="username" autoComplete="username" value={id} readOnly hidden />
      <PasswordField name="opw" id="mg-opw" label={F.opw} autoComplete="current-password" />
      <PasswordField name="pw" id="mg-pw" label={F.pw} hint={F.pwHint} />
      <PasswordField name="cpw" id="mg-cpw" label={F.cpw} />
      <FormActions busy={change.isPending} label={F.changePassword} />
    </Form>
  );
}
