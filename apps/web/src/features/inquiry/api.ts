import { useMutation } from '@tanstack/react-query';
import { type InquiryRequest } from '@partsmall/contract';
import { api } from '../../shared/api';

/** api/registerInquiry: 201 and the thank-you message. */
export function useRegisterInquiry() {
  return useMutation({
    mutationFn: (form: InquiryRequest) => api('registerInquiry', form, { accept: [201] }),
  });
}
