import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MeData, verifyEmailOtpBody } from '@app/contracts';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth/get-me';

export type VerifyEmailOtpInput = z.output<typeof verifyEmailOtpBody>;

/** POST /verify-email-otp */
export const verifyEmailOtp = (body: VerifyEmailOtpInput) =>
  api.post<{ email_verified_at: string }>('/verify-email-otp', body);

export function useVerifyEmailOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmailOtp,
    onSuccess: async ({ data }) => {
      // The shell sends unverified learners back here; it must see the new state at once.
      queryClient.setQueryData<MeData>(meQueryKey, (me) => me && { ...me, email_verified_at: data.email_verified_at });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
