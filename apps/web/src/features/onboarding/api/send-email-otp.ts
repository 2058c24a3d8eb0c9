import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /send-email-otp: mails a fresh verification code; the message is 'Otp sent to your email'. */
export const sendEmailOtp = () => api.get<null>('/send-email-otp');

export const useSendEmailOtp = () => useMutation({ mutationFn: sendEmailOtp });
