// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { inquiryRequest, saveMyVehicleRequest } from '@partsmall/contract';
import { Field, Form, TextAreaField, useZodForm } from './form';
import { NotifyProvider } from './notify';
import { WonField } from './WonField';

afterEach(cleanup);

/** A form over a contract schema: the inquiry's phone (10-11 digits) and content (10-200 characters). */
function InquiryForm({ onSubmit, alert = false }: { onSubmit: (v: unknown) => void; alert?: boolean }) {
  const form = useZodForm(inquiryRequest.pick({ phone: true, content: true }), { phone: '', content: '' });
  return (
    <Form form={form} onSubmit={onSubmit} alertInvalid={alert}>
      <Field name="phone" label="연락처" digits={11} hint="숫자만 10~11자리" />
      <Field name="content" label="문의 내용" />
      <button type="submit">문의하기</button>
    </Form>
  );
}

const PHONE_RULE = '연락처는 숫자 10~11자리로 입력하세요.';

async function settle() {
  await act(async () => new Promise((r) => setTimeout(r, 0)));
}

describe('the field of the one form library', () => {
  it("shows the contract's message when the field is left, not while it is first typed", async () => {
    render(<InquiryForm onSubmit={vi.fn()} />, { wrapper: NotifyProvider });
    const phone = screen.getByLabelText('연락처');
    fireEvent.change(phone, { target: { value: '0101' } });
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('숫자만 10~11자리')).toBeTruthy();
    fireEvent.blur(phone);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(PHONE_RULE);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(phone.getAttribute('aria-describedby')).toBe('f-phone-error');
    // After that it follows the typing: a valid number clears the message.
    fireEvent.change(phone, { target: { value: '01012345678' } });
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps only digits in a number field, at most as many as it takes', async () => {
    render(<InquiryForm onSubmit={vi.fn()} />, { wrapper: NotifyProvider });
    const phone = screen.getByLabelText('연락처') as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '010-1234-5678-99' } });
    await settle();
    expect(phone.value).toBe('01012345678');
  });

  it('names every refused field on submit and sends nothing; a valid form sends the parsed values', async () => {
    const sent = vi.fn();
    render(<InquiryForm onSubmit={sent} />, { wrapper: NotifyProvider });
    fireEvent.click(screen.getByRole('button', { name: '문의하기' }));
    await settle();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      PHONE_RULE,
      '문의 내용은 10자 이상 200자 이내로 입력하세요.',
    ]);
    expect(sent).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('연락처'), { target: { value: '01012345678' } });
    fireEvent.change(screen.getByLabelText('문의 내용'), {
      target: { value: '  부품 공동 구매 제휴를 제안드립니다.  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: '문의하기' }));
    await settle();
    expect(sent).toHaveBeenCalledTimes(1);
    // The contract trims the content.
    expect(sent.mock.calls[0]![0]).toEqual({ phone: '01012345678', content: '부품 공동 구매 제휴를 제안드립니다.' });
  });

  it('alerts the first refused message when the form asks for it (the member area, checkout)', async () => {
    render(<InquiryForm onSubmit={vi.fn()} alert />, { wrapper: NotifyProvider });
    fireEvent.click(screen.getByRole('button', { name: '문의하기' }));
    await settle();
    expect(screen.getByRole('alertdialog').textContent).toContain(PHONE_RULE);
  });
});

/** A won amount field over the typed text (the deposit's rule is tested on its page, DepositQueuePage.test.tsx). */
function AmountForm() {
  const form = useZodForm(z.object({ amount: z.string() }), { amount: '' });
  return (
    <Form form={form} onSubmit={vi.fn()}>
      <WonField name="amount" label="금액" />
    </Form>
  );
}

describe('a won amount field', () => {
  it('shows every digit typed, grouped, however long the number', async () => {
    render(<AmountForm />, { wrapper: NotifyProvider });
    const amount = screen.getByLabelText('금액') as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '1500000' } });
    await settle();
    expect(amount.value).toBe('1,500,000');
    expect(amount.inputMode).toBe('numeric');
    // Beyond 2^53 a number rounds: 99999999999999999 showed as 100,000,000,000,000,000.
    fireEvent.change(amount, { target: { value: '99999999999999999' } });
    await settle();
    expect(amount.value).toBe('99,999,999,999,999,999');
    // A backspace at its end keeps the digits that were shown, not another number's.
    fireEvent.change(amount, { target: { value: '99,999,999,999,999,99' } });
    await settle();
    expect(amount.value).toBe('9,999,999,999,999,999');
  });
});

/** A vehicle's name (30 characters on the server, an emoji one) and a memo of 10, with their boxes' limits. */
function NameForm({ onSubmit }: { onSubmit: (v: unknown) => void }) {
  const form = useZodForm(z.object({ name: saveMyVehicleRequest.shape.name, memo: z.string().max(10) }), {
    name: '',
    memo: '',
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <Field name="name" label="차량 이름" maxLength={30} />
      <TextAreaField name="memo" label="메모" maxLength={10} />
      <button type="submit">저장</button>
    </Form>
  );
}

/** A paste as the browser does it: a box with a maxlength keeps that many UTF-16 units of it. */
function paste(box: HTMLInputElement | HTMLTextAreaElement, text: string) {
  fireEvent.change(box, { target: { value: box.maxLength >= 0 ? text.slice(0, box.maxLength) : text } });
}

describe('a field with a character limit', () => {
  it('counts characters as the server does: 25 emoji stay 25, 31 keep 30, and a memo keeps 10', async () => {
    const sent = vi.fn();
    render(<NameForm onSubmit={sent} />, { wrapper: NotifyProvider });
    const name = screen.getByLabelText('차량 이름') as HTMLInputElement;
    const memo = screen.getByLabelText('메모') as HTMLTextAreaElement;
    paste(name, '😀'.repeat(25));
    await settle();
    expect([...name.value].length).toBe(25);
    paste(name, '🚗'.repeat(31));
    await settle();
    expect(name.value).toBe('🚗'.repeat(30));
    paste(name, '우리 회사 배송용 BMW 330i 😀');
    paste(memo, '👍'.repeat(12));
    await settle();
    expect(memo.value).toBe('👍'.repeat(10));
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await settle();
    expect(sent.mock.calls[0]![0]).toEqual({ name: '우리 회사 배송용 BMW 330i 😀', memo: '👍'.repeat(10) });
  });
});
