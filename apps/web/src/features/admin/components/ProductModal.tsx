import { useState } from 'react';
import type { z } from 'zod';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_IMAGE_MAX,
  PRODUCT_TYPES,
  WAREHOUSES,
  WAREHOUSE_LIST,
  saveProductRequest,
  type AdminProduct,
} from '@partsmall/contract';
import { messageOf } from '../../../shared/api';
import { count } from '../../../shared/format';
import { Field, SelectField, TextAreaField, useZodForm } from '../../../shared/ui/form';
import { useNotify } from '../../../shared/ui/notify';
import { NumberField } from '../fields';
import { fileToBase64, useAdminSave, useAdminWrite } from '../api';
import { A } from '../texts';
import { EditModal } from './EditModal';
import { RowButton } from './RowButton';
import { StockForm } from './StockForm';

type SaveInput = z.input<typeof saveProductRequest>;
const EMPTY: SaveInput = {
  name: '',
  pid: '',
  factoryNum: '',
  type: 2,
  salePrice: 0,
  priceA: 0,
  priceB: 0,
  priceC: 0,
  priceD: 0,
  ...WAREHOUSES.korea,
  detailInfo: '',
  description: '',
  category: '',
  brand: '',
  hasAmount: 0,
};
const TYPE_OPTIONS = Object.entries(PRODUCT_TYPES).map(([v, l]) => ({ value: Number(v), label: l }));

/**
 * A stored product as its edit form's values: its fields and `ver`, without its stock. The stock
 * moves by 재고 변경 only and the server ignores it on an edit (docs/requirements.md#back-office); kept
 * in the form, a stock the form does not show was judged by the new-product rule and could block
 * the save with a message about a field nowhere on screen.
 */
function editValues(p: AdminProduct): SaveInput {
  const { hasAmount: _stock, ...fields } = p;
  return { ...fields, seq: p.seq };
}

/**
 * The mobile home's shortcuts (the contract's PRODUCT_CATEGORIES) by their Korean names: typed by
 * hand, a misspelt key left the product out of its shortcut. A key outside the list (an import's, an
 * older product's) stays chosen and is said to be one, so a save does not change it unasked.
 */
function categoryOptions(current: string) {
  const known = PRODUCT_CATEGORIES.map((c) => ({ value: c.key as string, label: c.label }));
  const other =
    current && !known.some((c) => c.value === current)
      ? [{ value: current, label: A.productForm.categoryOther(current) }]
      : [];
  return [{ value: '', label: A.productForm.categoryNone }, ...known, ...other];
}
/**
 * The warehouses a product may be kept in, by number and name: the shop's table, and the product's
 * own when it is another (one the shop configuration adds, given by a CSV line). The name goes with
 * the number, as the server requires: delivery reads the number, the China rule the name
 * (docs/requirements.md#shipping); typed apart, the two could disagree.
 */
function warehouseChoices(current: { storageId: number; stockName: string }) {
  const listed = WAREHOUSE_LIST.some((w) => w.storageId === current.storageId);
  return listed ? WAREHOUSE_LIST : [...WAREHOUSE_LIST, current];
}

/** A product created or edited: its fields, then (once saved) its pictures and its stock. */
export function ProductModal({
  product,
  onClose,
  onSaved,
}: {
  product: AdminProduct | null;
  onClose: () => void;
  onSaved: (p: AdminProduct) => void;
}) {
  // The product's fields with its `ver`: a save over another staff member's newer edit is refused.
  const initial: SaveInput = product ? editValues(product) : EMPTY;
  const form = useZodForm(saveProductRequest, initial);
  const { save, busy } = useAdminSave('adminSaveProduct', (a) => {
    // The form goes on from what was stored: a new product's seq, an edit's new ver.
    form.reset(editValues(a.results));
    onSaved(a.results);
  });
  const warehouses = warehouseChoices(initial);
  // The schema's default puts a stock of 0 into every edit; an edit sends none. The warehouse's
  // name is the chosen number's.
  const submit = (chosen: SaveInput) => {
    const stockName = warehouses.find((w) => w.storageId === chosen.storageId)?.stockName ?? chosen.stockName;
    const values = { ...chosen, stockName };
    if (values.seq === undefined) return save(values);
    const { hasAmount: _stock, ...edit } = values;
    return save(edit);
  };
  // The stock after a change made here: the product the dialog holds is not read again.
  const [changed, setChanged] = useState<{ seq: number; stock: number } | null>(null);
  const stock = product && changed?.seq === product.seq ? changed.stock : (product?.hasAmount ?? 0);
  // Pictures and stock belong to a stored product: they come once it is saved.
  const pictures = product ? (
    <div className="admin-grid2">
      <ProductPictures product={product} />
      <StockForm product={product} onChanged={(n) => setChanged({ seq: product.seq, stock: n })} />
    </div>
  ) : (
    <p className="field-hint">{A.productForm.afterSave}</p>
  );
  return (
    <EditModal
      title={product ? A.productForm.editTitle(product.seq) : A.productForm.addTitle}
      onClose={onClose}
      form={form}
      label={A.productForm.form}
      onSubmit={submit}
      busy={busy}
      after={pictures}
    >
      <Field name="name" label={A.productForm.name} className="span2" maxLength={200} />
      <Field name="pid" label={A.productForm.pid} maxLength={50} />
      <Field name="factoryNum" label={A.productForm.factoryNum} maxLength={50} />
      <SelectField name="type" label={A.productForm.type} options={TYPE_OPTIONS} parse={Number} />
      <Field name="brand" label={A.productForm.brand} maxLength={50} />
      <SelectField
        name="category"
        label={A.productForm.category}
        options={categoryOptions(initial.category ?? '')}
        hint={A.productForm.categoryHint}
      />
      {product ? (
        <p className="field-hint" data-testid="product-stock">
          {A.productForm.stockNow(count(stock))}
        </p>
      ) : (
        <NumberField name="hasAmount" label={A.productForm.startStock} />
      )}
      <NumberField name="salePrice" label={A.productForm.salePrice} />
      <NumberField name="priceA" label={A.productForm.priceA} hint={A.productForm.priceAHint} />
      <NumberField name="priceB" label={A.productForm.priceB} />
      <NumberField name="priceC" label={A.productForm.priceC} />
      <NumberField name="priceD" label={A.productForm.priceD} hint={A.productForm.priceDHint} />
      <SelectField
        name="storageId"
        label={A.productForm.warehouse}
        options={warehouses.map((w) => ({ value: w.storageId, label: A.productForm.warehouseOption(w) }))}
        parse={Number}
      />
      <TextAreaField name="detailInfo" label={A.productForm.detailInfo} className="span4" maxLength={500} rows={2} />
      <TextAreaField name="description" label={A.productForm.description} className="span4" maxLength={5000} rows={4} />
    </EditModal>
  );
}

/**
 * A stored product's pictures: each with its 삭제 button, which asks first; an upload while fewer
 * than PRODUCT_IMAGE_MAX are shown (docs/requirements.md#back-office: the server refuses more). The
 * pictures shown are those the server answered with after each change.
 */
function ProductPictures({ product }: { product: AdminProduct }) {
  const notify = useNotify();
  const upload = useAdminWrite('adminUploadProductImage');
  const removeImage = useAdminWrite('adminRemoveProductImage');
  const [images, setImages] = useState<string[]>(product.imgFiles);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const a = await upload.mutateAsync({
        seq: product.seq,
        name: file.name,
        mime: file.type,
        data: await fileToBase64(file),
      });
      setImages(a.results.imgFiles);
      notify.toast(a.message);
    } catch (e) {
      void notify.alert(messageOf(e));
    }
  };
  const onRemove = (url: string, n: number) =>
    void notify
      .confirm(
        {
          title: A.productForm.removeImageTitle,
          text: A.productForm.removeImageText(n),
          confirmLabel: A.productForm.removeImage,
          busyLabel: A.productForm.removingImage,
          danger: true,
        },
        () => removeImage.mutateAsync({ seq: product.seq, url }),
      )
      .then(
        (a) => {
          if (!a) return;
          setImages(a.results.imgFiles);
          notify.toast(a.message);
        },
        (e: unknown) => void notify.alert(messageOf(e)),
      );
  const full = images.length >= PRODUCT_IMAGE_MAX;
  return (
    <div className="admin-panel">
      <h2>{A.productForm.images}</h2>
      {images.length > 0 && (
        <ul className="admin-pictures">
          {images.map((src, i) => (
            <li key={src}>
              <img className="admin-thumb" src={src} alt={A.productForm.imageOf(i + 1)} />
              <RowButton aria-label={A.productForm.removeImageOf(i + 1)} onClick={() => onRemove(src, i + 1)}>
                {A.productForm.removeImage}
              </RowButton>
            </li>
          ))}
        </ul>
      )}
      <label className="btn btn-small admin-upload">
        {A.productForm.upload}
        <input
          type="file"
          accept="image/*"
          className="sr-only"
          aria-label={A.productForm.imageFile}
          disabled={full}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </label>
      <p className="field-hint">
        {full
          ? A.productForm.imagesFull(PRODUCT_IMAGE_MAX)
          : `${A.productForm.imageCount(images.length, PRODUCT_IMAGE_MAX)} · ${A.productForm.imageHint}`}
      </p>
    </div>
  );
}
