import {
  MSG,
  authCodeField,
  businessNumberField,
  companyAreaField,
  companyNameField,
  findMemberPwRequest,
  joinRequest,
  loginIdField,
  mobilePhoneField,
  passwordField,
  securityNumField,
} from '@partsmall/contract';
import { z } from 'zod';

/**
 * The forms of sign-up and the find flows, built from the contract's field rules (docs/requirements.md#validation).
 * They add only what a form needs beyond the call: the join form's own blank-account message
 * and the password confirmation being required.
 */

/** The join form's login account: the original 'Enter the login account' when blank (docs/requirements.md#join), then the login id rules. */
export const joinIdField = z.string({ error: MSG.joinIdRequired }).trim().min(1, MSG.joinIdRequired).pipe(loginIdField);

/** Password confirmation: required, and (by the form's refinement) equal to the password. */
const confirmField = z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired);
const samePasswords = { path: ['cpw'], error: MSG.passwordMismatch };
const same = (v: { pw: string; cpw: string }) => v.pw === v.cpw;

const phoneStep = { phone: mobilePhoneField, authCode: authCodeField };
const account = { id: joinIdField, pw: passwordField, cpw: confirmField };
const consents = { policy: z.boolean(), privacy: z.boolean() };

export const findIdForm = z.object(phoneStep);
/** `id` is shown only once the server asks which of the phone's accounts (blank is absent). */
export const findPwForm = z
  .object({ ...phoneStep, pw: passwordField, cpw: confirmField, id: findMemberPwRequest.shape.id })
  .refine(same, samePasswords);

export const joinForm = z
  .object({
    license: businessNumberField,
    ...phoneStep,
    companyName: companyNameField,
    companyArea: companyAreaField,
    ...account,
    ...consents,
  })
  .refine(same, samePasswords);
export type JoinForm = z.input<typeof joinForm>;

export const joinSubForm = z
  .object({
    license: businessNumberField,
    securityNum: securityNumField,
    ...phoneStep,
    // Optional: blank means absent, else a person's name by the contract's rule.
    name: joinRequest.shape.name.unwrap(),
    // The contact number under the original API's misspelt key: optional, 9-11 digits.
    phoen: joinRequest.shape.phoen.unwrap(),
    ...account,
    ...consents,
  })
  .refine(same, samePasswords);
export type JoinSubForm = z.input<typeof joinSubForm>;

/** Phone auth (docs/requirements.md#account-screens): 0 start, 1 code requested, 2 code verified, 3 verified with both consents. */
export function phoneAuthState(
  phoneState: 0 | 1 | 2,
  consents: { policy?: boolean; privacy?: boolean },
): 0 | 1 | 2 | 3 {
  return phoneState === 2 && consents.policy === true && consents.privacy === true ? 3 : phoneState;
}
