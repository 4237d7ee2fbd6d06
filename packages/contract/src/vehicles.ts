import { z } from 'zod';
import { answerOf, emptyAnswer } from './envelope.js';
import { normalizeVin } from './epc.js';
import { hasVisibleText } from './rules.js';
import { plainText } from './text-field.js';

/**
 * My vehicles (docs/requirements.md#my-vehicles): the VINs a company opened in the catalogue are its
 * vehicles. A product, a product popup and a cart line say which of them it fits.
 */
export const MSG_VEHICLES = {
  badVin: '차대번호가 올바르지 않습니다.',
  nameTooLong: '차량 이름은 30자 이내로 입력하세요.',
  nameInvalid: '차량 이름을 글자로 입력하세요 (지우려면 빈 칸).',
  notMine: '우리 회사가 조회한 차량이 아닙니다.',
  /** Naming a vehicle the company removed from its list (it comes back when opened again). */
  removedBefore: '내 차량 목록에서 삭제한 차량입니다. 카탈로그에서 다시 조회하면 목록에 돌아옵니다.',
  saved: '차량 이름을 저장했습니다.',
  removed: '내 차량 목록에서 삭제했습니다.',
} as const;

/** The most vehicles a company's list shows (the most recently opened first). */
export const MY_VEHICLES_MAX = 50;
export const VEHICLE_NAME_MAX = 30;

/** A full VIN as typed (full-width letters, spaces and lower case forgiven): 17 of A-Z and 0-9 without I, O, Q. */
export const fullVinField = z
  .string({ error: MSG_VEHICLES.badVin })
  .max(40, MSG_VEHICLES.badVin)
  .transform(normalizeVin)
  .pipe(z.string().regex(/^[A-HJ-NPR-Z0-9]{17}$/, MSG_VEHICLES.badVin));
const vin = fullVinField;

/** One vehicle a product fits: the VIN and the vehicle's title (the company's own name for it, or the catalogue's). */
export const fitVehicle = z.object({ vin: z.string(), title: z.string() });
export type FitVehicle = z.infer<typeof fitVehicle>;

/** api/getMyVehicles: the company's vehicles, the most recently opened first. */
export const myVehicle = z.object({
  vin: z.string(),
  /** The catalogue's title (model and year). */
  title: z.string(),
  /** The company's own name for it ('' when none). */
  name: z.string(),
  brand: z.string(),
  mcid: z.string(),
  /** When the company last opened it in the catalogue (ISO time). */
  lastOpenedAt: z.string(),
});
export type MyVehicle = z.infer<typeof myVehicle>;
export const myVehiclesAnswer = answerOf(z.array(myVehicle));

export const saveMyVehicleRequest = z.object({
  vin,
  /** A name that shows nothing (a zero-width space, Hangul fillers) is no name: the catalogue's title shows. */
  name: plainText(
    z.string({ error: MSG_VEHICLES.nameInvalid }).trim().max(VEHICLE_NAME_MAX, MSG_VEHICLES.nameTooLong),
  ).transform((name) => (hasVisibleText(name) ? name : '')),
});
export type SaveMyVehicleRequest = z.input<typeof saveMyVehicleRequest>;
export const removeMyVehicleRequest = z.object({ vin });
export const myVehicleWriteAnswer = emptyAnswer;

/** What a fitting line says: '2017 BMW X5 (VIN 뒤 7자리)'. */
export function fitVehicleLabel(v: FitVehicle): string {
  return `${v.title} (${v.vin.slice(-7)})`;
}
