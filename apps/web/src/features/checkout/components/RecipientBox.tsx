import type { ShippingAddressView } from '@partsmall/contract';
import { T } from '../../../shared/texts';
import { Field } from '../../../shared/ui/form';
import { AddressSelect } from '../AddressBook';
import '../checkout.css';

const t = T.trade.checkout;

interface Props {
  mobile: boolean;
  /** A pickup needs no address. */
  pickup: boolean;
  saving: boolean;
  onOpenBook: () => void;
  onSave: () => void;
  onPick: (a: ShippingAddressView) => void;
}

/** The recipient: name and phone, the address unless picked up, the address book and saving. */
export function RecipientBox({ mobile, pickup, saving, onOpenBook, onSave, onPick }: Props) {
  return (
    <section className="co-box" aria-label={t.recipient}>
      <div className="co-box-head">
        <h2>{t.recipient}</h2>
        {!mobile && (
          <div className="co-box-tools">
            <button type="button" className="btn btn-small" onClick={onOpenBook}>
              {t.addressBook}
            </button>
            <button type="button" className="btn btn-small" onClick={onSave} disabled={saving}>
              {saving ? t.savingAddress : t.saveAddress}
            </button>
          </div>
        )}
      </div>
      {mobile && <AddressSelect label={t.pickSaved} onPick={onPick} />}
      <div className="co-grid">
        <Field name="name" label={t.name} maxLength={20} />
        <Field name="phone" label={t.phone} digits={11} hint={t.phoneHint} />
        {!pickup && (
          <>
            <Field name="postNum" label={t.postNum} digits={6} />
            <Field name="address" label={t.address} maxLength={100} className="field-wide" />
            <Field name="addrSub" label={t.addrSub} maxLength={100} className="field-wide" />
          </>
        )}
      </div>
      {pickup && <p className="field-hint">{t.pickupNote}</p>}
      {mobile && !pickup && (
        <button type="button" className="btn btn-block" onClick={onSave} disabled={saving}>
          {saving ? t.savingAddress : t.saveAddress}
        </button>
      )}
    </section>
  );
}
