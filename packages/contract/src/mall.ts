import { z } from 'zod';
import { answerOf } from './envelope.js';

export const mallBottom = z.object({
  companyName: z.string(),
  license: z.string(),
  mailOrderLicense: z.string(),
  ceo: z.string(),
  privacyOfficer: z.string(),
  mail: z.string(),
  fax: z.string(),
  address: z.string(),
  phone: z.string(),
  hours: z.string(),
  copyright: z.string(),
});
export type MallBottom = z.infer<typeof mallBottom>;

export const licensePackage = z.object({ price: z.number().int(), days: z.number().int(), content: z.string() });

export const popupNotice = z.object({ seq: z.number().int(), title: z.string(), content: z.string() });

/** The shop configuration (docs/requirements.md#entities) as api/getMallConfig answers it. */
export const mallConfig = z.object({
  ver: z.number().int(),
  mallBottom,
  notices: z.array(popupNotice),
  buyPolicy: z.string(),
  totalAsset: z.number(),
  totalQuantity: z.number(),
  licenseValidBuy: z.array(licensePackage),
  shippingAddress: z.array(z.object({ name: z.string(), address: z.string(), phone: z.string() })),
  /** True when the server runs as the demo shop: the web app shows the banner '데모 상점' on every page. */
  demo: z.boolean(),
});
export type MallConfig = z.infer<typeof mallConfig>;

/**
 * The demo shop's banner. The server writes it into the page it sends (so it has its place from
 * the first paint and moves nothing when the app starts); the web app shows the same words only
 * when no server put them there (the development server).
 */
export const DEMO_BANNER = {
  label: '데모 상점 안내',
  title: '데모 상점',
  body: '체험용 상점입니다. 결제는 모의 결제로 처리되며 실제로 청구되지 않습니다.',
} as const;

export const mallConfigAnswer = answerOf(mallConfig);
