import { useState, type FocusEvent } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { INQUIRY_TYPES, inquiryRequest } from '@partsmall/contract';
import { fieldOf, messageOf } from '../../shared/api';
import { phone as formatPhone } from '../../shared/format';
import { useMallConfig } from '../../shared/mall-config';
import { pathFor } from '../../shared/paths';
import { T } from '../../shared/texts';
import { Field, Form, TextAreaField, setServerError, useZodForm } from '../../shared/ui/form';
import { useRegisterInquiry } from './api';
import './inquiry.css';

const CONTENT_MAX = 200;

/** The inquiry type: a segmented radio group, checked when focus leaves the group (not each radio). */
function InquiryTypeField() {
  const { field, fieldState } = useController({ name: 'qnaType' });
  const error = fieldState.error?.message;
  const onBlur = (e: FocusEvent<HTMLFieldSetElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) field.onBlur();
  };
  return (
    <fieldset
      className={`field choice-field${error ? ' field-invalid' : ''}`}
      onBlur={onBlur}
      aria-describedby={error ? 'f-qnaType-error' : undefined}
    >
      <legend>{T.inquiryForm.type}</legend>
      <div className="segmented">
        {INQUIRY_TYPES.map((t) => (
          <label key={t.key} className={field.value === t.key ? 'active' : undefined}>
            <input
              type="radio"
              name="qnaType"
              value={t.key}
              checked={field.value === t.key}
              ref={t.key === INQUIRY_TYPES[0].key ? field.ref : undefined}
              onChange={() => field.onChange(t.key)}
            />
            {t.label}
          </label>
        ))}
      </div>
      {error && (
        <p className="field-error" id="f-qnaType-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The content's character counter, red outside 10-200. */
function ContentCounter() {
  const content = (useWatch({ name: 'content' }) as string | undefined) ?? '';
  const length = content.trim().length;
  const bad = content.length > 0 && (length < 10 || length > CONTENT_MAX);
  return (
    <span id="f-content-counter" className={`counter${bad ? ' counter-bad' : ''}`} aria-live="polite">
      {T.inquiryForm.counter(content.length, CONTENT_MAX)}
    </span>
  );
}

/** Partnership and advertising inquiry (docs/requirements.md#validation). */
export function InquiryPage({ mobile = false }: { mobile?: boolean }) {
  const form = useZodForm(inquiryRequest, { phone: '', content: '' });
  const register = useRegisterInquiry();
  const [done, setDone] = useState<string | null>(null);
  const bottom = useMallConfig()?.mallBottom;
  const edited = () => {
    setDone(null);
    register.reset();
  };

  const submit = (values: (typeof inquiryRequest)['_output']) => {
    if (register.isPending) return;
    edited();
    register.mutate(values, {
      onSuccess: (answer) => {
        form.reset({ phone: '', content: '' });
        setDone(answer.message);
      },
      onError: (e) => setServerError(form, fieldOf(e, ['qnaType', 'phone', 'content']), messageOf(e)),
    });
  };

  return (
    <section className={mobile ? 'm-page inquiry-page' : 'page inquiry-page'}>
      <div className="panel inquiry-main">
        <h1>{T.inquiryForm.title}</h1>
        <p className="board-intro">{T.inquiryForm.intro}</p>
        {done && (
          <p className="notice-success" role="status">
            {done}
          </p>
        )}
        <Form form={form} onSubmit={submit}>
          <InquiryTypeField />
          <Field
            name="phone"
            label={T.inquiryForm.phone}
            type="tel"
            autoComplete="tel"
            // Digits only, cut after they are kept: a pasted '010-1234-5678' keeps all 11.
            digits={11}
            placeholder={T.inquiryForm.phonePlaceholder}
            hint={T.inquiryForm.phoneHint}
            onValue={edited}
          />
          <TextAreaField
            name="content"
            label={T.inquiryForm.content}
            rows={mobile ? 5 : 6}
            maxLength={CONTENT_MAX}
            placeholder={T.inquiryForm.contentPlaceholder}
            hint={T.inquiryForm.contentHint}
            aria-describedby="f-content-counter"
            onValue={edited}
            foot={<ContentCounter />}
          />
          {register.error && (
            <p className="notice-warn" role="alert">
              {messageOf(register.error)}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block" disabled={register.isPending}>
            {register.isPending ? T.inquiryForm.sending : T.inquiryForm.submit}
          </button>
        </Form>
      </div>
      <aside className="panel inquiry-side">
        <h2>{T.inquiryForm.otherHelp}</h2>
        <p>{T.inquiryForm.otherHelpBody}</p>
        <dl className="spec-list">
          {bottom && (
            <>
              <dt>{T.directions.phone}</dt>
              <dd>
                <a href={`tel:${bottom.phone}`}>{formatPhone(bottom.phone) || bottom.phone}</a>
              </dd>
              <dt>{T.directions.mail}</dt>
              <dd>
                <a href={`mailto:${bottom.mail}`}>{bottom.mail}</a>
              </dd>
              {/* The shop settings' hours, as the footer shows them: one place for staff to change. */}
              {bottom.hours && (
                <>
                  <dt>{T.inquiryForm.hoursLabel}</dt>
                  <dd>{bottom.hours}</dd>
                </>
              )}
            </>
          )}
        </dl>
        <Link className="link-more" to={`${pathFor('notice', mobile)}?type=3`}>
          {T.inquiryForm.faq}
        </Link>
      </aside>
    </section>
  );
}
