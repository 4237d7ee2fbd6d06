import type { CartLine } from '@partsmall/contract';

/** The demo's two warehouses (storage 1 and 2), as the cart and checkout name them. */
export const KOREA = '한국 김포물류센터';
export const CHINA = '중국 위해직수입창고';

/** A cart line of product `seq` × 10 in warehouse `storageId`, at this price, stock and quantity. */
export function cartLine(seq: number, storageId: number, price: number, stock: number, qty: number): CartLine {
  return {
    seq,
    qty,
    managerCompanyId: 3,
    productInfo: {
      seq: seq * 10,
      name: `부품 ${seq}`,
      pid: `P-${seq}`,
      factoryNum: '',
      price,
      hasAmount: stock,
      stockName: storageId === 1 ? KOREA : CHINA,
      storageId,
      imgFiles: [],
    },
    vin: null,
  };
}
