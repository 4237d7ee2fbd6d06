import { useNavigate } from 'react-router';
import { MSG_ORDER, type ProductView } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { pathFor, PATHS } from '../../shared/paths';
import { useSession } from '../../shared/session';
import { useNotify } from '../../shared/ui/notify';
import { openPopup, POPUP } from '../../shared/ui/popup';
import { paymentStore } from '../cart/model';
import { leaveInquiry } from '../chat/leave-inquiry';
import { useAddToCart, useBuyNow } from './api';

/**
 * Buy now, add to cart and chat inquiry of the product popup, the product page and the mobile
 * detail slide. Visitors go to the login page (docs/requirements.md#shop-screens). Adding to the cart goes over the trade
 * socket from the home popup and as a plain call from the product page and mobile (docs/requirements.md#cart-and-checkout).
 */
export type PurchaseActions = ReturnType<typeof usePurchaseActions>;

export function usePurchaseActions(mobile = false, channel: 'socket' | 'http' = mobile ? 'http' : 'socket') {
  const { token } = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const buy = useBuyNow();
  const add = useAddToCart(channel);
  const requireLogin = () => {
    if (token) return true;
    navigate(pathFor('login', mobile));
    return false;
  };
  const form = (product: ProductView, qty: number) => ({
    productId: product.seq,
    // The mobile form names the quantity qty (docs/requirements.md#entities).
    ...(mobile ? { qty } : { hasAmount: qty }),
    price: product.price,
    originHasAmount: product.hasAmount,
    companyId: product.companyId,
  });
  const busy = buy.isPending || add.isPending;
  return {
    busy,
    buyNow(product: ProductView, qty: number) {
      if (!requireLogin() || busy) return;
      buy.mutate(form(product, qty), {
        onSuccess: (items) => {
          paymentStore.clearFinished();
          paymentStore.setDraft({ source: 'buy', items });
          navigate(pathFor('checkout', mobile));
        },
        onError: (e) => void notify.alert(messageOf(e)),
      });
    },
    addToCart(product: ProductView, qty: number) {
      if (!requireLogin() || busy) return;
      add.mutate(form(product, qty), {
        onSuccess: () => notify.toast(MSG_ORDER.addedToCart),
        onError: (e) => void notify.alert(messageOf(e)),
      });
    },
    /** Leaves the pre-written product inquiry for the chat, which sends it once (docs/requirements.md#chat). */
    chatInquiry(product: ProductView, qty: number) {
      if (!requireLogin()) return;
      leaveInquiry({ kind: 'product', productId: product.seq, qty });
      if (mobile) navigate(PATHS.chat[1]);
      else openPopup('/chat', 'chat', POPUP.chat);
    },
  };
}
