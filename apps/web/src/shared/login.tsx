import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { loginRequest, type CallAnswer, type LoginRequest } from '@partsmall/contract';
import { api, messageOf } from './api';
import { session } from './session';
import { T } from './texts';
import { Field, Form, SubmitButton, useZodForm } from './ui/form';
import { useNotify } from './ui/notify';

/** api/login: on 200 the tab stores token and user info. */
export function useLogin() {
  return useMutation({
    mutationFn: (form: LoginRequest) => api('login', form),
    onSuccess: ({ results }) => session.login(results.token, results.userInfo),
  });
}

/**
 * The id and password form of the login page and of the chat's logins (docs/requirements.md#account-screens):
 * submit stays disabled while either field is blank, and a refusal is the server's message.
 */
export function LoginForm({
  heading,
  label = T.login.submit,
  onSuccess,
}: {
  heading?: ReactNode;
  label?: string;
  onSuccess?: (answer: CallAnswer<'login'>) => void;
}) {
  const form = useZodForm(loginRequest, { id: '', pw: '' });
  const login = useLogin();
  const notify = useNotify();
  const submit = (values: LoginRequest) => {
    if (login.isPending || login.isSuccess) return;
    login.mutate(values, { onSuccess, onError: (e) => void notify.alert(messageOf(e)) });
  };
  return (
    <Form form={form} onSubmit={submit}>
      {heading}
      <Field name="id" label={T.login.id} type="email" autoComplete="username" maxLength={50} />
      <Field name="pw" label={T.login.pw} type="password" autoComplete="current-password" maxLength={20} />
      <SubmitButton
        ready={(v) => v.id!.trim() !== '' && v.pw !== ''}
        why={T.login.disabledWhy}
        busy={login.isPending}
        label={label}
      />
    </Form>
  );
}
