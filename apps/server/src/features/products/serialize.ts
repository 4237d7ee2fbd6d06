import fastJson from 'fast-json-stringify';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;

/**
 * Serializer of the product list envelope. Properties left undefined (a visitor's price) are
 * left out of the JSON, exactly as JSON.stringify would.
 */
export const serializeProductList = fastJson({
  type: 'object',
  properties: {
    code: int,
    message: str,
    more: { type: 'boolean' },
    results: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          seq: int,
          name: str,
          pid: str,
          factoryNum: str,
          type: int,
          hasAmount: int,
          stock: int,
          stockName: str,
          storageId: int,
          imgFiles: { type: 'array', items: str },
          image: str,
          detailInfo: str,
          category: str,
          brand: str,
          companyId: int,
          price: int,
          salePrice: int,
        },
      },
    },
  },
});
