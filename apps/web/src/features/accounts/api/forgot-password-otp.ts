import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { forgotPasswordOtpBody } from '@app/contracts';
import { api } from '@/lib/api-client';

export type ForgotPasswordOtpInput = z.output<typeof forgotPasswordOtpBody>;

/** POST /forgot-password-otp: mails a reset code (the answer is the same for unknown addresses). */
export const requestPasswordResetOtp = (body: ForgotPasswordOtpInput) => api.post<null>('/forgot-password-otp', body);

export const useForgotPasswordOtp = () => useMutation({ mutationFn: requestPasswordResetOtp });
