import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG_ORDER, TRADE_EVENTS, type ProductView } from '@partsmall/contract';
import { post } from '../../shared/api';
import { useSession } from '../../shared/session';
import { useNotify } from '../../shared/ui/notify';
import { paymentStore, type PaymentItem } from '../cart/model';
import { tradeRequest } from '../cart/trade-request';

/**
 * Buy now, add to cart and chat inquiry of the product popup, the product page and the mobile
 * detail slide. Visitors go to the login page (spec 1 §5). Adding to the cart goes over the trade
 * socket from the home popup and as a plain call from the product page and mobile (spec 1 §4);
 * the server then pushes fresh base info, so every open tab's cart badge follows.
 */
export function usePurchaseActions(mobile = false, channel: 'socket' | 'http' = mobile ? 'http' : 'socket') {
  const { token } = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const requireLogin = () => {
    if (token) return true;
    navigate(mobile ? '/mobileLogin' : '/login');
    return false;
  };
  const form = (product: ProductView, qty: number) => ({
    productId: product.seq,
    // The mobile form names the quantity qty (spec 1 §3).
    ...(mobile ? { qty } : { hasAmount: qty }),
    price: product.price,
    originHasAmount: product.hasAmount,
    companyId: product.companyId,
  });
  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  return {
    busy,
    buyNow(product: ProductView, qty: number) {
      if (!requireLogin()) return;
      void run(async () => {
        const res = await post<PaymentItem[]>('api/addToBuy', form(product, qty));
        if (res.code !== 201 || !res.results?.length) {
          await notify.alert(res.message);
          return;
        }
        paymentStore.clearFinished();
        paymentStore.setDraft({ source: 'buy', items: res.results });
        navigate(mobile ? '/checkOutm' : '/checkOut');
      });
    },
    addToCart(product: ProductView, qty: number) {
      if (!requireLogin()) return;
      void run(async () => {
        const res =
          channel === 'socket'
            ? await tradeRequest(TRADE_EVENTS.addToCart, TRADE_EVENTS.addToCartCallBack, form(product, qty))
            : await post('api/addToCart', form(product, qty));
        if (res.code === 201) notify.toast(MSG_ORDER.addedToCart);
        else await notify.alert(res.message);
      });
    },
    chatInquiry(_product: ProductView, _qty: number) {
      if (requireLogin()) window.open('/chatStart', 'chat', 'width=400,height=728');
    },
  };
}
