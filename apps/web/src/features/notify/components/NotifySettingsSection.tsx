import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MEMBER_TYPE_MAIN, NOTIFY_TEMPLATES, TIMING, type NotifySettings } from '@partsmall/contract';
import { fieldOf, messageOf } from '../../../shared/api';
import { phone as formatPhone } from '../../../shared/format';
import { useSession } from '../../../shared/session';
import {
  CheckField,
  CodeField,
  ErrorLine,
  Form,
  PhoneField,
  setServerError,
  useZodForm,
} from '../../../shared/ui/form';
import { useNotify } from '../../../shared/ui/notify';
import { Loading } from '../../../shared/ui/states';
import { useCountdown } from '../../auth';
import { notifySettingsQuery, useRequestNotifyCode, useSaveNotifySettings } from '../api';
import { formDefaults, isNewPhone, notifyForm, toRequest, type NotifyFormValues } from '../form';
import { N } from '../texts';
import '../notify.css';

/**
 * '알림 설정' (docs/requirements.md#notifications): a checkbox per event the account may choose,
 * and the phone they reach. The first main account's settings are the company's default; any other
 * account saves its own or follows the company's again. A new phone is saved with the code sent to it
 * ('인증번호 받기', then the code field).
 */
export function NotifySettingsSection({ head }: { head: (title: string, intro: string) => ReactNode }) {
  const settings = useQuery(notifySettingsQuery());
  return (
    <div>
      {head(N.title, N.intro)}
      {settings.data ? (
        // A save keeps the form (and its focus); following the company's default again starts it anew.
        <SettingsForm key={settings.data.scope} settings={settings.data} />
      ) : settings.isError ? (
        <ErrorLine>{N.loadFailed}</ErrorLine>
      ) : (
        <Loading />
      )}
    </div>
  );
}

/** The events this web knows: one the server added since the page loaded (a deploy) is left out until reload. */
const knownEvents = (events: NotifySettings['choices']) => events.filter((e) => Object.hasOwn(NOTIFY_TEMPLATES, e));

/** Whose settings these are (docs/requirements.md#notifications). */
function scopeNoteOf(settings: NotifySettings, mainAccount: boolean): string {
  if (settings.scope === 'company') return N.companyScope;
  // A main account that is not the first: its settings are its own, or it follows the first one's.
  if (mainAccount) return settings.scope === 'own' ? N.otherMainOwnScope : N.otherMainDefaultScope;
  return settings.scope === 'own' ? N.ownScope : N.defaultScope;
}

function SettingsForm({ settings: sent }: { settings: NotifySettings }) {
  const { userInfo } = useSession();
  const settings = { ...sent, choices: knownEvents(sent.choices) };
  const form = useZodForm(notifyForm, formDefaults(settings));
  const save = useSaveNotifySettings();
  const notify = useNotify();
  const phone = form.watch('phone');
  const fresh = isNewPhone(phone, settings);
  const countdown = useCountdown();
  const requestCode = useRequestNotifyCode();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const canRequest = fresh && phone.length === 11 && countdown.left === 0 && !requestCode.isPending;
  const sendCode = async () => {
    if (!canRequest || !(await form.trigger('phone'))) return;
    requestCode.mutate(phone, {
      onSuccess: (a) => {
        countdown.start(TIMING.phoneCodeResendSec);
        setSentMessage(a.message);
        form.setValue('authCode', '');
        form.clearErrors('authCode');
        form.setFocus('authCode');
      },
      onError: (e) => setServerError(form, 'phone', messageOf(e)),
    });
  };
  const fieldError = (e: unknown) => {
    const field = fieldOf(e, ['phone', 'authCode']);
    if (field) setServerError(form, field, messageOf(e));
    else void notify.alert(messageOf(e));
  };
  const submit = (v: NotifyFormValues) =>
    save.mutate(toRequest(v, settings.choices), {
      onSuccess: (a) => {
        // The phone is the saved one now: its code is used up.
        form.setValue('authCode', '');
        countdown.stop();
        setSentMessage(null);
        notify.toast(a.message);
      },
      onError: fieldError,
    });
  const follow = () =>
    save.mutate(
      { events: [], followCompany: true },
      { onSuccess: (a) => notify.toast(a.message), onError: (e) => void notify.alert(messageOf(e)) },
    );
  const setAll = (on: boolean) => {
    for (const e of settings.choices) form.setValue(`on.${e}`, on, { shouldDirty: true });
  };
  const mainAccount = userInfo?.type === MEMBER_TYPE_MAIN;
  const scopeNote = scopeNoteOf(settings, mainAccount);

  return (
    <Form form={form} className="form mg-form nt-form" onSubmit={submit} aria-label={N.title}>
      <p className="nt-scope">{scopeNote}</p>
      <fieldset className="nt-events">
        <legend>{N.events}</legend>
        <label className="check nt-all">
          <input
            type="checkbox"
            checked={settings.choices.every((e) => form.watch(`on.${e}`))}
            onChange={(e) => setAll(e.target.checked)}
          />
          {N.all}
        </label>
        <div className="nt-grid">
          {settings.choices.map((e) => (
            <CheckField key={e} name={`on.${e}`} label={NOTIFY_TEMPLATES[e].label} />
          ))}
        </div>
        {/* The money and licence events are left out of a sub-account's choices (NOTIFY_MAIN_ONLY_EVENTS). */}
        {!mainAccount && <p className="field-hint">{N.mainOnlyNote}</p>}
      </fieldset>
      <PhoneField
        name="phone"
        id="nt-phone"
        label={N.phone}
        placeholder={userInfo?.phone ?? settings.accountPhone}
        hint={fresh ? N.newPhoneHint : N.phoneHint(formatPhone(settings.accountPhone))}
        onValue={() => {
          // A code belongs to the number it was sent to: another number starts over.
          form.setValue('authCode', '');
          countdown.stop();
          setSentMessage(null);
        }}
      >
        {fresh && (
          <button type="button" className="btn btn-side" disabled={!canRequest} onClick={() => void sendCode()}>
            {requestCode.isPending
              ? N.sending
              : countdown.left > 0
                ? N.resendIn(countdown.left)
                : sentMessage
                  ? N.resendCode
                  : N.requestCode}
          </button>
        )}
      </PhoneField>
      {fresh && <CodeField id="nt-code" label={N.code} hint={sentMessage ?? N.codeHint} />}
      <div className="mg-form-actions">
        {settings.scope === 'own' && (
          <button type="button" className="btn" disabled={save.isPending} onClick={follow}>
            {N.followCompany}
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {N.save}
        </button>
      </div>
    </Form>
  );
}
