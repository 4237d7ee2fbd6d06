import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MSG_ADMIN,
  standardDeliveryOptions,
  type AdminProduct,
  type ImportProductsResult,
  type WarehouseDeliveryOptions,
} from '@partsmall/contract';
import { products } from '../../src/db/schema.js';
import { call, loginAs, type TestServer } from '../helpers.js';
import { withStaffServer } from '../member-helpers.js';

/**
 * A product's warehouse is one of the shop's (docs/requirements.md#shipping): its number names a
 * warehouse of the table or of the shop configuration's delivery options, and its name is that
 * warehouse's. Delivery and the one-warehouse order read the number, the China no-단순변심-return
 * rule the name: a product saved as '중국 위해직수입창고' in warehouse 1 was both.
 */
let server: TestServer;
let staff: string;
withStaffServer((s, token) => ([server, staff] = [s, token]));

const UNKNOWN_7 = '7번 창고는 없는 창고입니다. 쇼핑몰 설정의 배송 옵션에 있는 창고 번호를 입력하세요.';
const NAME_OF_1 = "1번 창고의 이름은 '한국 김포물류센터'입니다. 창고 이름을 그대로 입력하세요.";

const post = <T = unknown>(path: string, body: Record<string, unknown>) =>
  call<T>(server, 'POST', `api/admin/${path}`, body, staff);
const productBody = (over: Record<string, unknown> = {}) => ({
  name: '창고 확인 필터',
  pid: `WH-${randomUUID().slice(0, 8)}`,
  type: 2,
  salePrice: 5000,
  priceA: 5000,
  priceB: 5000,
  priceC: 5000,
  priceD: 5000,
  stockName: '한국 김포물류센터',
  storageId: 1,
  hasAmount: 5,
  ...over,
});
const header =
  'pid,name,factoryNum,type,salePrice,priceA,priceB,priceC,priceD,hasAmount,stockName,storageId,category,brand,detailInfo';
const csvLine = (pid: string, stockName: string, storageId: number) =>
  `${pid},창고 확인 필터,,2,5000,5000,5000,5000,5000,5,${stockName},${storageId},,,`;
const countOf = async (pid: string) => (await server.db.select().from(products).where(eq(products.pid, pid))).length;

describe('saveProduct: the warehouse number and name agree with the shop’s warehouses', () => {
  it('refuses a name of another warehouse, a made-up name and an unknown number, saving nothing', async () => {
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ stockName: '중국 위해직수입창고', storageId: 1 }, 400, NAME_OF_1, 'stockName'],
      [{ stockName: '창고창고', storageId: 1 }, 400, NAME_OF_1, 'stockName'],
      [{ stockName: '한국 김포물류센터', storageId: 7 }, 400, UNKNOWN_7, 'storageId'],
    ];
    for (const [over, status, message, field] of cases) {
      const body = productBody(over);
      const res = await post('saveProduct', body);
      expect([res.status, res.body.message, res.body.field], JSON.stringify(over)).toEqual([status, message, field]);
      expect(await countOf(body.pid)).toBe(0);
    }
  });

  it('takes each table warehouse under its own name, and an edit moving a product is checked too', async () => {
    const korea = await post<AdminProduct>('saveProduct', productBody());
    expect(korea.body.code).toBe(201);
    const china = await post<AdminProduct>(
      'saveProduct',
      productBody({ stockName: '중국 위해직수입창고', storageId: 2 }),
    );
    expect([china.body.code, china.body.results?.stockName, china.body.results?.storageId]).toEqual([
      201,
      '중국 위해직수입창고',
      2,
    ]);
    const saved = korea.body.results!;
    const moved = await post('saveProduct', { ...saved, storageId: 2, ver: saved.ver });
    expect([moved.status, moved.body.message]).toEqual([
      400,
      "2번 창고의 이름은 '중국 위해직수입창고'입니다. 창고 이름을 그대로 입력하세요.",
    ]);
  });

  it('a warehouse added in the shop configuration takes products under the name given there', async () => {
    const admin = await loginAs(server, 'admin@partsmall.kr', 'admin1234');
    const { ver: _ver, ...config } = (await call(server, 'adminGetConfig', {}, { token: admin })).body.results!;
    const busan: WarehouseDeliveryOptions = standardDeliveryOptions({ storageId: 3, stockName: '부산 물류센터' });
    const deliveryOptions = [...(config.deliveryOptions as WarehouseDeliveryOptions[]), busan];
    expect((await call(server, 'adminSaveConfig', { ...config, deliveryOptions }, { token: admin })).body.code).toBe(
      201,
    );
    const ok = await post<AdminProduct>('saveProduct', productBody({ stockName: '부산 물류센터', storageId: 3 }));
    expect([ok.body.code, ok.body.results?.storageId]).toEqual([201, 3]);
    const wrong = await post('saveProduct', productBody({ stockName: '부산창고', storageId: 3 }));
    expect(wrong.body.message).toBe("3번 창고의 이름은 '부산 물류센터'입니다. 창고 이름을 그대로 입력하세요.");
  });
});

describe('the product CSV: each line’s warehouse as a save checks it', () => {
  it('names the warehouse fault on its line and saves nothing', async () => {
    const tag = randomUUID().slice(0, 6);
    const csv = [
      header,
      csvLine(`CSVWH-A-${tag}`, '한국 김포물류센터', 1),
      csvLine(`CSVWH-B-${tag}`, '중국 위해직수입창고', 1),
      csvLine(`CSVWH-C-${tag}`, '창고창고', 1),
      csvLine(`CSVWH-D-${tag}`, '한국 김포물류센터', 7),
      csvLine(`CSVWH-E-${tag}`, '중국 위해직수입창고', 2),
    ].join('\n');
    const res = await post<ImportProductsResult>('importProducts', { csv, commit: true });
    expect([res.body.message, res.body.results?.committed, res.body.results?.errors]).toEqual([
      MSG_ADMIN.csvHasErrors,
      false,
      [
        { line: 3, message: `stockName: ${NAME_OF_1}` },
        { line: 4, message: `stockName: ${NAME_OF_1}` },
        { line: 5, message: `storageId: ${UNKNOWN_7}` },
      ],
    ]);
    expect(await countOf(`CSVWH-A-${tag}`)).toBe(0);
  });

  it('names the warehouse beside the line’s other faults, and not again under a column at fault on its own', async () => {
    const csv = [
      header,
      // Each line has a sale price of 'abc' as well: its warehouse is still checked.
      'CSVWH-F,창고 확인 필터,,2,abc,0,0,0,0,5,한국 김포물류센터,7,,,',
      'CSVWH-G,창고 확인 필터,,2,abc,0,0,0,0,5,중국 위해직수입창고,1,,,',
      // A number that is no number, or a name left blank: that cell's own fault, said once.
      'CSVWH-H,창고 확인 필터,,2,abc,0,0,0,0,5,한국 김포물류센터,일번,,,',
      'CSVWH-I,창고 확인 필터,,2,abc,0,0,0,0,5,,1,,,',
    ].join('\n');
    const res = await post<ImportProductsResult>('importProducts', { csv, commit: false });
    const price = `salePrice: ${MSG_ADMIN.priceInvalid}`;
    expect(res.body.results?.errors).toEqual([
      { line: 2, message: `${price} / storageId: ${UNKNOWN_7}` },
      { line: 3, message: `${price} / stockName: ${NAME_OF_1}` },
      { line: 4, message: `${price} / storageId: ${MSG_ADMIN.warehouseRequired}` },
      { line: 5, message: `${price} / stockName: ${MSG_ADMIN.warehouseRequired}` },
    ]);
  });
});
