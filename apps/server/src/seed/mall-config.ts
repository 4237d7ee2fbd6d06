import { LICENSE_PACKAGES, WAREHOUSES } from '@partsmall/contract';
import type { MallConfigData } from '../features/mall/index.js';

/**
 * The demo shop's settings. A module of its own, free of the database, so that a unit test can take
 * its footer as a valid set of 공급자 fields (features/documents/printable.test.ts).
 */
export const MALL_CONFIG: MallConfigData = {
  mallBottom: {
    companyName: '(주)파츠몰코리아',
    license: '214-88-12345',
    mailOrderLicense: '제2026-서울강남-01234호',
    ceo: '김도윤',
    privacyOfficer: '이서연',
    mail: 'help@partsmall.kr',
    fax: '02-3456-7891',
    address: '서울특별시 강남구 테헤란로 123, 파츠몰빌딩 5층',
    phone: '1588-1234',
    hours: '평일 09:30~17:30 (주말·공휴일 휴무)',
    copyright: 'Copyright © 파츠몰코리아. All rights reserved.',
  },
  buyPolicy:
    '중국 표시 상품은 해외 직수입 상품으로 판매자 귀책 외에는 반품이 불가합니다. 배송은 3~7일 걸리며 주말·공휴일에는 배송하지 않습니다.',
  totalAsset: 12_480_000_000,
  totalQuantity: 1_284_530,
  licenseValidBuy: LICENSE_PACKAGES,
  shippingAddress: [
    // The names the products and the checkout carry (stockName), so /map and checkout agree.
    { name: WAREHOUSES.korea.stockName, address: '서울특별시 강서구 공항대로 200', phone: '0226541234' },
    { name: WAREHOUSES.china.stockName, address: '중국 산둥성 웨이하이시 환추구 하이빈북로 88', phone: '0328871234' },
  ],
};
