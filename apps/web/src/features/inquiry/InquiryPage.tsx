import { useState, type FocusEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { INQUIRY_TYPES, hyphenatePhone, inquiryRequest, type InquiryRequest } from '@partsmall/contract';
import { post } from '../../shared/api';
import { useMallConfig } from '../../shared/mall-config';
import { T } from '../../shared/texts';
import { TextField, useFieldRules } from '../../shared/ui/form';

const CONTENT_MAX = 200;
const rules = {
  qnaType: inquiryRequest.shape.qnaType,
  phone: inquiryRequest.shape.phone,
  content: inquiryRequest.shape.content,
};
type Field = keyof typeof rules;

/** Partnership and advertising inquiry (spec 1 §2 Inquiry form, §5 rules). */
export function InquiryPage({ mobile = false }: { mobile?: boolean }) {
  const [qnaType, setQnaType] = useState<InquiryRequest['qnaType'] | ''>('');
  const [phone, setPhone] = useState('');
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, check, checkAll, setError } = useFieldRules(rules);
  const bottom = useMallConfig()?.mallBottom;

  const edited = () => {
    setDone(null);
    setFailure(null);
  };
  // The type is a radio group: it is checked when focus leaves the group, not each radio.
  const typeBlur = (e: FocusEvent<HTMLFieldSetElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) check('qnaType', qnaType);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    edited();
    if (checkAll({ qnaType, phone, content })) return;
    setBusy(true);
    const res = await post('api/registerInquiry', { qnaType, phone, content: content.trim() });
    setBusy(false);
    if (res.code === 201) {
      setQnaType('');
      setPhone('');
      setContent('');
      setDone(res.message);
      return;
    }
    if (res.field && res.field in rules) setError(res.field as Field, res.message);
    setFailure(res.message);
  };

  const length = content.trim().length;
  const counterBad = content.length > 0 && (length < 10 || length > CONTENT_MAX);

  return (
    <section className={mobile ? 'm-page inquiry-page' : 'page inquiry-page'}>
      <div className="inquiry-main">
        <h1>{T.inquiryForm.title}</h1>
        <p className="board-intro">{T.inquiryForm.intro}</p>
        {done && (
          <p className="notice-success" role="status">
            {done}
          </p>
        )}
        <form className="form" noValidate onSubmit={submit}>
          <fieldset
            className={`field choice-field${errors.qnaType ? ' field-invalid' : ''}`}
            onBlur={typeBlur}
            aria-describedby={errors.qnaType ? 'f-qnaType-error' : undefined}
          >
            <legend>{T.inquiryForm.type}</legend>
            <div className="segmented">
              {INQUIRY_TYPES.map((t) => (
                <label key={t.key} className={qnaType === t.key ? 'active' : undefined}>
                  <input
                    type="radio"
                    name="qnaType"
                    value={t.key}
                    checked={qnaType === t.key}
                    onChange={() => {
                      edited();
                      setQnaType(t.key);
                      check('qnaType', t.key);
                    }}
                  />
                  {t.label}
                </label>
              ))}
            </div>
            {errors.qnaType && (
              <p className="field-error" id="f-qnaType-error" role="alert">
                {errors.qnaType}
              </p>
            )}
          </fieldset>
          <TextField
            name="phone"
            label={T.inquiryForm.phone}
            type="tel"
            autoComplete="tel"
            digits
            value={phone}
            placeholder={T.inquiryForm.phonePlaceholder}
            hint={T.inquiryForm.phoneHint}
            onValue={(v) => {
              edited();
              // Digits only, cut after they are kept: a pasted '010-1234-5678' keeps all 11.
              setPhone(v.slice(0, 11));
            }}
            onBlur={() => check('phone', phone)}
            error={errors.phone}
          />
          <div className={`field${errors.content ? ' field-invalid' : ''}`}>
            <label htmlFor="f-content">{T.inquiryForm.content}</label>
            <textarea
              id="f-content"
              name="content"
              rows={mobile ? 5 : 6}
              maxLength={CONTENT_MAX}
              value={content}
              placeholder={T.inquiryForm.contentPlaceholder}
              aria-invalid={errors.content ? true : undefined}
              aria-describedby={`f-content-counter${errors.content ? ' f-content-error' : ''}`}
              onChange={(e) => {
                edited();
                setContent(e.target.value);
              }}
              onBlur={() => check('content', content)}
            />
            <div className="field-foot">
              {errors.content ? (
                <p className="field-error" id="f-content-error" role="alert">
                  {errors.content}
                </p>
              ) : (
                <p className="field-hint">{T.inquiryForm.contentHint}</p>
              )}
              <span id="f-content-counter" className={`counter${counterBad ? ' counter-bad' : ''}`} aria-live="polite">
                {T.inquiryForm.counter(content.length, CONTENT_MAX)}
              </span>
            </div>
          </div>
          {failure && (
            <p className="notice-warn" role="alert">
              {failure}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? T.inquiryForm.sending : T.inquiryForm.submit}
          </button>
        </form>
      </div>
      <aside className="inquiry-side">
        <h2>{T.inquiryForm.otherHelp}</h2>
        <p>{T.inquiryForm.otherHelpBody}</p>
        <dl className="spec-list">
          {bottom && (
            <>
              <dt>{T.directions.phone}</dt>
              <dd>
                <a href={`tel:${bottom.phone}`}>{hyphenatePhone(bottom.phone) || bottom.phone}</a>
              </dd>
              <dt>{T.directions.mail}</dt>
              <dd>
                <a href={`mailto:${bottom.mail}`}>{bottom.mail}</a>
              </dd>
            </>
          )}
          <dt>{T.inquiryForm.hoursLabel}</dt>
          <dd>{T.inquiryForm.hours}</dd>
        </dl>
        <Link className="link-more" to={mobile ? '/noticem?type=3' : '/notice?type=3'}>
          {T.inquiryForm.faq}
        </Link>
      </aside>
    </section>
  );
}
