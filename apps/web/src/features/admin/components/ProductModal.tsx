import { useState } from 'react';
import type { z } from 'zod';
import { PRODUCT_TYPES, WAREHOUSES, saveProductRequest, type AdminProduct } from '@partsmall/contract';
import { messageOf } from '../../../shared/api';
import { count } from '../../../shared/format';
import { Field, SelectField, TextAreaField, useZodForm } from '../../../shared/ui/form';
import { ModalForm } from '../../../shared/ui/ModalForm';
import { useNotify } from '../../../shared/ui/notify';
import { NumberField, SaveRow } from '../fields';
import { fileToBase64, useAdminSave, useAdminWrite } from '../api';
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
  const notify = useNotify();
  const initial: SaveInput = product ? { ...product, seq: product.seq } : EMPTY;
  const form = useZodForm(saveProductRequest, initial);
  const { save, busy } = useAdminSave('adminSaveProduct', (a) => onSaved(a.results));
  const upload = useAdminWrite('adminUploadProductImage');
  const [images, setImages] = useState<string[]>(product?.imgFiles ?? []);
  // The stock after a change made here: the product the dialog holds is not read again.
  const [changed, setChanged] = useState<{ seq: number; stock: number } | null>(null);
  const stock = product && changed?.seq === product.seq ? changed.stock : (product?.hasAmount ?? 0);
  const onFile = async (file: File | undefined) => {
    if (!product || !file) return;
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
  // Pictures and stock belong to a stored product: they come once it is saved.
  const pictures = product ? (
    <div className="admin-grid2">
      <div className="admin-panel">
        <h2>이미지</h2>
        <div className="admin-actions">
          {images.map((src) => (
            <img key={src} className="admin-thumb" src={src} alt="상품 이미지" />
          ))}
        </div>
        <label className="btn btn-small">
          이미지 올리기
          <input
            type="file"
            accept="image/*"
            className="sr-only"
            aria-label="이미지 파일"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </label>
        <p className="field-hint">
          jpg, png, gif, webp, bmp, tiff · 10MB 이하 · 내용으로 검사하고 메타데이터를 지웁니다.
        </p>
      </div>
      <StockForm product={product} onChanged={(n) => setChanged({ seq: product.seq, stock: n })} />
    </div>
  ) : (
    <p className="field-hint">이미지와 재고 변경은 상품을 저장한 뒤 할 수 있습니다.</p>
  );
  return (
    <ModalForm
      title={product ? `상품 수정 #${product.seq}` : '상품 등록'}
      onClose={onClose}
      className="admin-wide"
      size="wide"
      form={form}
      label="상품 정보"
      onSubmit={save}
      after={pictures}
    >
      <div className="admin-form-grid">
        <Field name="name" label="상품명" className="span2" maxLength={200} />
        <Field name="pid" label="품번(정품 번호)" maxLength={50} />
        <Field name="factoryNum" label="공장 품번" maxLength={50} />
        <SelectField name="type" label="구분" options={TYPE_OPTIONS} parse={Number} />
        <Field name="brand" label="브랜드" maxLength={50} />
        <Field name="category" label="모바일 분류" maxLength={30} hint="filter, shock, pad ..." />
        {product ? (
          <p className="field-hint" data-testid="product-stock">
            재고 {count(stock)}개 (아래 재고 변경에서 바꿉니다)
          </p>
        ) : (
          <NumberField name="hasAmount" label="시작 재고" />
        )}
        <NumberField name="salePrice" label="판매가(원)" />
        <NumberField name="priceA" label="티타늄 A(원)" hint="0이면 다음 등급 가격" />
        <NumberField name="priceB" label="골드 B(원)" />
        <NumberField name="priceC" label="실버 C(원)" />
        <NumberField name="priceD" label="브론즈 D(원)" hint="등급 가격은 판매가 이하" />
        <Field name="stockName" label="창고 이름" maxLength={50} hint="중국 창고는 '중국'으로 시작" />
        <NumberField name="storageId" label="창고 번호" />
        <TextAreaField name="detailInfo" label="특이사항" className="span4" maxLength={500} rows={2} />
        <TextAreaField name="description" label="상세 설명" className="span4" maxLength={5000} rows={4} />
      </div>
      <SaveRow busy={busy} />
    </ModalForm>
  );
}
