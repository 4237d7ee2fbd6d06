import { phone as formatPhone } from '../../../shared/format';
import { T } from '../../../shared/texts';
import { CheckField, Field } from '../../../shared/ui/form';
import '../checkout.css';

const t = T.trade.checkout;

interface Props {
  directDeli: boolean;
  /** The buyer's company, the sender unless the order is sent in another name. */
  companySender: { fromName: string; fromPhone: string };
  onToggleDirect: () => void;
}

/** The sender: the buyer's company, or a name and phone typed for direct delivery. */
export function SenderBox({ directDeli, companySender, onToggleDirect }: Props) {
  return (
    <section className="co-box" aria-label={t.sender}>
      <div className="co-box-head">
        <h2>{t.sender}</h2>
        <CheckField name="directDeli" label={t.directDeli} onValue={onToggleDirect} />
      </div>
      {directDeli ? (
        <div className="co-grid">
          <Field name="fromName" label={t.fromName} maxLength={20} />
          <Field name="fromPhone" label={t.fromPhone} digits={11} hint={t.phoneHint} />
        </div>
      ) : (
        <>
          <dl className="co-sender" data-testid="company-sender">
            <dt>{t.fromName}</dt>
            <dd>{companySender.fromName}</dd>
            <dt>{t.fromPhone}</dt>
            <dd>{formatPhone(companySender.fromPhone)}</dd>
          </dl>
          <p className="field-hint">{t.directDeliHint}</p>
        </>
      )}
    </section>
  );
}
