import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ProductHit } from '@partsmall/contract';
import { useMallConfig } from '../../shared/mall-config';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { CloseButton, Modal, useScrollLock } from '../../shared/ui/Modal';
import { POPUP } from '../../shared/ui/popup';
import { BuyButtons, Gallery, ProductHead, ProductSpecs, QtyLine } from './components/ProductDetail';
import { usePurchaseActions } from './purchase';
import { productQuery } from './api';
import { MatchReason } from './ProductCard';
import './products.css';

/** The product popup of the home grid: 800×500, 550 high when the product has special notes. */
export function ProductPopup({ initial, onClose }: { initial: ProductHit; onClose: () => void }) {
  // Fresh stock and price when the popup opens; the grid's copy shows meanwhile.
  const product =
    useQuery({ ...productQuery(initial.seq, 'getProductHomeDetail'), placeholderData: initial }).data ?? initial;
  const [qty, setQty] = useState(1);
  const { token } = useSession();
  const config = useMallConfig();
  const actions = usePurchaseActions();
  useScrollLock();

  return (
    <Modal
      title={product.name}
      onClose={onClose}
      header={false}
      size={product.detailInfo ? POPUP.productWithNotes : POPUP.product}
      className="product-popup"
    >
      <CloseButton onClose={onClose} />
      <Gallery product={product} className="popup-images" main={300} thumb={56} labelThumbs={false} />
      <div className="popup-info">
        <ProductHead product={product} />
        <MatchReason reason={initial.matchReason} />
        <ProductSpecs product={product} />
        {product.detailInfo && (
          <p className="special-notes">
            <b>{T.shop.specialNotes}</b> {product.detailInfo}
          </p>
        )}
        <p className="buy-policy">{config?.buyPolicy}</p>
        <QtyLine product={product} qty={qty} onQty={setQty} />
        <div className="popup-actions">
          {/* A visitor's click on the cart goes to login, so only a member meets the sold-out state. */}
          <BuyButtons product={product} qty={qty} actions={actions} soldOutBlocks={token !== null} />
          {/* The search's reason goes along to the product page (not in its address). */}
          <Link className="btn" to={`/productDetail/${product.seq}`} state={{ why: initial.matchReason }}>
            {T.shop.detailPage}
          </Link>
        </div>
      </div>
    </Modal>
  );
}
