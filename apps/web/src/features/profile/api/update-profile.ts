import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileData, UpdateProfileInput } from '@app/contracts';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth/get-me';
import { profileQueryKey } from './get-profile';

/** PUT /profile: answers with the saved profile (a changed email comes back unverified). */
export const updateProfile = (body: UpdateProfileInput) => api.put<ProfileData>('/profile', body);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(profileQueryKey, data);
      // The shell shows the name, and sends an unverified learner to /verify.
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
