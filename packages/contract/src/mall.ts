import { z } from 'zod';

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

export const licensePackage = z.object({ price: z.number(), days: z.number(), content: z.string() });

export const popupNotice = z.object({ seq: z.number(), title: z.string(), content: z.string() });

export const mallConfig = z.object({
  ver: z.number(),
  mallBottom,
  notices: z.array(popupNotice),
  buyPolicy: z.string(),
  totalAsset: z.number(),
  totalQuantity: z.number(),
  licenseValidBuy: z.array(licensePackage),
  shippingAddress: z.array(z.object({ name: z.string(), address: z.string(), phone: z.string() })),
});
export type MallConfig = z.infer<typeof mallConfig>;
