import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { MSG, TIMING, type JoinRequest } from '@partsmall/contract';
import { fieldOf, messageOf } from '../../shared/api';
import { pathFor } from '../../shared/paths';
import { setServerError } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { useDelayedNavigate } from '../../shared/useDelayedNavigate';
import { useJoin } from './api';
import { phoneAuthState } from './forms';
import type { PhoneAuthState } from './PhoneVerification';

/**
 * The steps and the sending of both join forms (company and sub-account): the phone check's state,
 * the step shown (0 until the form's first box is done, then the phone, the consents, the
 * details), and send. On 201 the stored session is cleared, the success notice shows and the user
 * moves to login after 3 s; otherwise the server's message is alerted and shown under the field it
 * names, and a used or expired code has to be requested again.
 */
export function useJoinFlow<I extends FieldValues, O>(
  form: UseFormReturn<I, unknown, O>,
  mobile: boolean,
  terms: { policy: boolean; privacy: boolean },
  firstDone: boolean,
) {
  const [phoneState, setPhoneState] = useState<PhoneAuthState>(0);
  const authState = phoneAuthState(phoneState, terms);
  const current = !firstDone ? 0 : phoneState < 2 ? 1 : authState < 3 ? 2 : 3;
  const join = useJoin();
  const notify = useNotify();
  const later = useDelayedNavigate();
  const send = (payload: JoinRequest) => {
    if (authState !== 3 || join.isPending || join.isSuccess) return;
    join.mutate(payload, {
      onSuccess: () => later(pathFor('login', mobile), TIMING.joinRedirectMs),
      onError: async (e) => {
        const field = fieldOf(e, Object.keys(payload));
        const message = messageOf(e) || MSG.joinFailed;
        if (field) {
          setServerError(form, field, message);
          if (field === 'authCode') setPhoneState(1);
        }
        await notify.alert(message);
        if (field) focusField(field);
      },
    });
  };
  // The form and the layout travel with the flow: the join forms' frame (JoinFlowView) draws them.
  return {
    form,
    mobile,
    phoneState,
    setPhoneState,
    authState,
    current,
    busy: join.isPending,
    done: join.isSuccess,
    send,
  };
}

/** Focuses a form field by name (after the render that shows it). */
export function focusField(name: string) {
  setTimeout(() => document.getElementById(`f-${name}`)?.focus(), 0);
}
