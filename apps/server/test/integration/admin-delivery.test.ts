import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ADMIN, MSG_ORDER, type WarehouseDeliveryOptions } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { CHINA, KOREA, balanceOf, fund, makeProduct, TEST_ADDRESS } from '../order-helpers.js';

/**
 * Delivery options per warehouse (api/getDeliInfo) live in the shop configuration:
 * the back office reads and edits them (ver goes up, an audit row is written), the shop answers
 * getDeliInfo from them, and payment refuses a method or pay type the warehouse does not offer.
 */
let server: TestServer;
let shop: TestCompany;
let buyer: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  shop = await makeCompany(server, '배송설정', 0);
  [buyer, admin] = await Promise.all([
    loginAs(server, shop.main.id, shop.main.pw),
    loginAs(server, 'admin@partsmall.kr', 'admin1234'),
  ]);
  await fund(server, shop.companyId, 1_000_000);
});
afterAll(async () => {
  await server?.close();
});

interface ConfigAnswer {
  ver: number;
  deliveryOptions: WarehouseDeliveryOptions[];
  [k: string]: unknown;
}
const getConfig = async () => (await call(server, 'adminGetConfig', {}, { token: admin })).body.results!;
const deliInfo = async () => (await call(server, 'getDeliInfo', {}, { token: buyer })).body.results!;

const STANDARD_KOREA: WarehouseDeliveryOptions = {
  storageId: 1,
  warehouseName: '한국 김포물류센터',
  gdFreight: { offered: true, payTypes: [1, 0], defaultPayType: 1 },
  gdDelivery: { offered: true, payTypes: [0, 1], defaultPayType: 0 },
  quick: { offered: true, payTypes: [1], defaultPayType: 1, selfQuick: true },
  pickUp: { offered: true, payTypes: [2], defaultPayType: 2 },
};
/** The China warehouse offers no freight, courier prepaid only, quick to the recipient only. */
const NARROW_CHINA: WarehouseDeliveryOptions = {
  storageId: 2,
  warehouseName: '중국 위해직수입창고',
  gdFreight: { offered: false, payTypes: [], defaultPayType: 1 },
  gdDelivery: { offered: true, payTypes: [0], defaultPayType: 0 },
  quick: { offered: true, payTypes: [1], defaultPayType: 1, selfQuick: false },
  pickUp: { offered: true, payTypes: [2], defaultPayType: 2 },
};

async function saveDelivery(deliveryOptions: WarehouseDeliveryOptions[]) {
  const { ver: _ver, ...fields } = await getConfig();
  return call(server, 'adminSaveConfig', { ...fields, deliveryOptions }, { token: admin });
}

describe('delivery options in the configuration', () => {
  it('reads the standard options, edits them (ver + 1, audit before/after) and the shop answers from them', async () => {
    // A configuration saved before the options existed reads as the standard ones.
    await server.db.execute(sql`update mall_config set data = data - 'deliveryOptions' where id = 1`);
    const before = await getConfig();
    expect(before.deliveryOptions).toEqual([
      STANDARD_KOREA,
      { ...STANDARD_KOREA, storageId: 2, warehouseName: '중국 위해직수입창고' },
    ]);
    expect((await deliInfo())[1]!.delivery_methods).toEqual({
      gdFreight: {
        shippingValue: 0,
        label: '화물',
        receiverDeliveryPaymentOption: {
          selections: [
            { value: 1, label: '착불' },
            { value: 0, label: '선불' },
          ],
          defaultValue: 1,
        },
      },
      gdDelivery: {
        shippingValue: 1,
        label: '택배',
        receiverDeliveryPaymentOption: {
          selections: [
            { value: 0, label: '선불' },
            { value: 1, label: '착불' },
          ],
          defaultValue: 0,
        },
      },
      quick: {
        shippingValue: 2,
        label: '퀵배송',
        receiverDeliveryPaymentOption: { selections: [{ value: 1, label: '착불' }], defaultValue: 1 },
        receiverIsSelfQuick: {
          selections: [
            { value: false, label: '받는 분에게' },
            { value: true, label: '직접 수령' },
          ],
          defaultValue: false,
        },
      },
      pickUp: {
        shippingValue: 4,
        label: '방문수령',
        receiverDeliveryPaymentOption: { selections: [{ value: 2, label: '방문수령' }], defaultValue: 2 },
      },
    });

    const saved = await saveDelivery([STANDARD_KOREA, NARROW_CHINA]);
    expect([saved.body.code, saved.body.message]).toEqual([201, MSG_ADMIN.configVer]);
    const after = await getConfig();
    expect(after.ver).toBe(before.ver + 1);
    expect(after.deliveryOptions).toEqual([STANDARD_KOREA, NARROW_CHINA]);

    const [korea, china] = await deliInfo();
    expect(Object.keys(korea!.delivery_methods)).toEqual(['gdFreight', 'gdDelivery', 'quick', 'pickUp']);
    expect([china!.warehouse_name, china!.storageId, Object.keys(china!.delivery_methods)]).toEqual([
      '중국 위해직수입창고',
      2,
      ['gdDelivery', 'quick', 'pickUp'],
    ]);
    expect(china!.delivery_methods.gdDelivery).toEqual({
      shippingValue: 1,
      label: '택배',
      receiverDeliveryPaymentOption: { selections: [{ value: 0, label: '선불' }], defaultValue: 0 },
    });
    expect((china!.delivery_methods.quick as { receiverIsSelfQuick: unknown }).receiverIsSelfQuick).toEqual({
      selections: [{ value: false, label: '받는 분에게' }],
      defaultValue: false,
    });

    const [audit] = await queryRows<{ before: ConfigAnswer; after: ConfigAnswer }>(
      server.db,
      sql`select before, after from admin_audit where target = 'config' order by id desc limit 1`,
    );
    expect(audit!.before.deliveryOptions[1]!.gdFreight.offered).toBe(true);
    expect(audit!.after.deliveryOptions[1]).toEqual(NARROW_CHINA);
  });

  it('refuses impossible options with a Korean message and keeps the version', async () => {
    const before = await getConfig();
    const cases: [WarehouseDeliveryOptions[], string][] = [
      [
        [{ ...STANDARD_KOREA, gdDelivery: { offered: true, payTypes: [], defaultPayType: 0 } }],
        MSG_ADMIN.deliveryPayTypeRequired,
      ],
      [
        [{ ...STANDARD_KOREA, pickUp: { offered: true, payTypes: [2], defaultPayType: 0 } }],
        MSG_ADMIN.deliveryDefaultNotOffered,
      ],
      [[STANDARD_KOREA, { ...NARROW_CHINA, storageId: 1 }], MSG_ADMIN.deliveryDuplicateWarehouse],
      [[{ ...STANDARD_KOREA, warehouseName: ' ' }], MSG_ADMIN.deliveryWarehouseName],
      [[{ ...STANDARD_KOREA, storageId: 0 }], MSG_ADMIN.deliveryStorageId],
    ];
    for (const [options, message] of cases) {
      const res = await saveDelivery(options);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const wrongType = await saveDelivery([
      {
        ...STANDARD_KOREA,
        gdFreight: { offered: true, payTypes: [7], defaultPayType: 7 },
      } as unknown as WarehouseDeliveryOptions,
    ]);
    expect(wrongType.status).toBe(400);
    expect((await getConfig()).ver).toBe(before.ver);
  });
});

describe('payment checks the warehouse offers the delivery chosen', () => {
  const pay = (productId: number, shipping: Record<string, unknown>) =>
    call(
      server,
      'POST',
      'api/requestPaymentProduct',
      { shippingInfo: { ...TEST_ADDRESS, ...shipping }, carts: [{ productId, qty: 1 }] },
      buyer,
    );
  const orderCount = async () =>
    (
      await queryRows<{ n: number }>(
        server.db,
        sql`select count(*)::int as n from orders where company_id = ${shop.companyId}`,
      )
    )[0]!.n;
  const stockOf = async (id: number) =>
    (await queryRows<{ n: number }>(server.db, sql`select has_amount as n from products where id = ${id}`))[0]!.n;

  it('accepts what is offered and refuses what is not, writing nothing', async () => {
    expect((await saveDelivery([STANDARD_KOREA, NARROW_CHINA])).body.code).toBe(201);
    const china = await makeProduct(server, {
      tiers: [8000, 8000, 8000, 8000],
      salePrice: 8000,
      stock: 5,
      warehouse: CHINA,
    });
    const korea = await makeProduct(server, {
      tiers: [3000, 3000, 3000, 3000],
      salePrice: 3000,
      stock: 5,
      warehouse: KOREA,
    });

    const cash = await balanceOf(server, shop.companyId);
    const orders = await orderCount();
    const refusals: [Record<string, unknown>, string][] = [
      [{ shippingValue: 0, shippingPayType: 1, arrive: '위해영업소' }, MSG_ORDER.shippingNotOffered],
      [{ shippingValue: 1, shippingPayType: 1 }, MSG_ORDER.payTypeNotOffered],
      [{ shippingValue: 2, shippingPayType: 0 }, MSG_ORDER.payTypeNotOffered],
      [{ shippingValue: 2, shippingPayType: 1, receiverIsSelfQuick: true }, MSG_ORDER.selfQuickNotOffered],
      [{ shippingValue: 4, shippingPayType: 0 }, MSG_ORDER.payTypeNotOffered],
    ];
    for (const [shipping, message] of refusals) {
      const res = await pay(china.id, shipping);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect([await balanceOf(server, shop.companyId), await orderCount(), await stockOf(china.id)]).toEqual([
      cash,
      orders,
      5,
    ]);

    // Offered: courier prepaid (8,000 + 6,000) and quick collect to the recipient (8,000).
    const courier = await pay(china.id, { shippingValue: 1, shippingPayType: 0 });
    expect(courier.body.code).toBe(201);
    const quick = await pay(china.id, { shippingValue: 2, shippingPayType: 1, receiverIsSelfQuick: false });
    expect(quick.body.code).toBe(201);
    expect([await balanceOf(server, shop.companyId), await orderCount(), await stockOf(china.id)]).toEqual([
      cash - 22_000,
      orders + 2,
      3,
    ]);

    // The Korea warehouse keeps everything: freight collect and quick to oneself are accepted there.
    expect((await pay(korea.id, { shippingValue: 0, shippingPayType: 1, arrive: '김포영업소' })).body.code).toBe(201);
    expect((await pay(korea.id, { shippingValue: 2, shippingPayType: 1, receiverIsSelfQuick: true })).body.code).toBe(
      201,
    );
  });
});

describe('a configuration that leaves a warehouse’s products without delivery', () => {
  const NONE: WarehouseDeliveryOptions['gdFreight'] = { offered: false, payTypes: [], defaultPayType: 1 };
  const noMethod = (storageId: number, warehouseName: string): WarehouseDeliveryOptions => ({
    storageId,
    warehouseName,
    gdFreight: NONE,
    gdDelivery: NONE,
    quick: { ...NONE, selfQuick: false },
    pickUp: { offered: false, payTypes: [2], defaultPayType: 2 },
  });
  const BUSAN = { storageId: 3, stockName: '부산 물류센터' };
  const undeliverable = (name: string) =>
    `${name}에 상품이 있어 배송 옵션에서 뺄 수 없습니다. 이 창고의 배송 방법을 하나 이상 제공하세요.`;

  it('taking the last method from a warehouse holding products is refused, naming it; one without products, or without a method already, holds up no save', async () => {
    const tiers: [number, number, number, number] = [1000, 1000, 1000, 1000];
    await makeProduct(server, { tiers, salePrice: 1000, warehouse: KOREA });
    await makeProduct(server, { tiers, salePrice: 1000, warehouse: CHINA });
    expect((await saveDelivery([STANDARD_KOREA, NARROW_CHINA])).body.code).toBe(201);
    const before = await getConfig();

    const cases: [WarehouseDeliveryOptions[], string][] = [
      [[], undeliverable('1번 창고(한국 김포물류센터)')],
      [[STANDARD_KOREA], undeliverable('2번 창고(중국 위해직수입창고)')],
      [[STANDARD_KOREA, noMethod(2, '중국 위해직수입창고')], undeliverable('2번 창고(중국 위해직수입창고)')],
    ];
    for (const [options, message] of cases) {
      const res = await saveDelivery(options);
      expect([res.status, res.body.message, res.body.field]).toEqual([400, message, 'deliveryOptions']);
    }
    expect((await getConfig()).ver).toBe(before.ver);

    // A warehouse being set up, with no product yet, may offer no delivery.
    const added = await saveDelivery([STANDARD_KOREA, NARROW_CHINA, noMethod(3, BUSAN.stockName)]);
    expect(added.body.code).toBe(201);
    await makeProduct(server, { tiers, salePrice: 1000, warehouse: BUSAN as unknown as typeof KOREA });
    // Its products came in after; a save that takes nothing away from it (the footer, another
    // warehouse's fee) is not held up by it, with or without its row.
    const unchanged = await saveDelivery([STANDARD_KOREA, NARROW_CHINA, noMethod(3, BUSAN.stockName)]);
    expect(unchanged.body.code).toBe(201);
    const withoutRow = await saveDelivery([STANDARD_KOREA, NARROW_CHINA]);
    expect(withoutRow.body.code).toBe(201);
    const offered = await saveDelivery([
      STANDARD_KOREA,
      NARROW_CHINA,
      { ...noMethod(3, BUSAN.stockName), pickUp: STANDARD_KOREA.pickUp },
    ]);
    expect(offered.body.code).toBe(201);
    // Once it offers a method, a save that takes its last one away is refused.
    const dropped = await saveDelivery([STANDARD_KOREA, NARROW_CHINA, noMethod(3, BUSAN.stockName)]);
    expect([dropped.status, dropped.body.message]).toEqual([400, undeliverable('3번 창고(부산 물류센터)')]);
  });
});
