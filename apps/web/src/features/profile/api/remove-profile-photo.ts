import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileData } from '@app/contracts';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth/get-me';
import { profileQueryKey } from './get-profile';

/** DELETE /profile/photo */
export const removeProfilePhoto = () => api.delete<null>('/profile/photo');

export function useRemoveProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProfilePhoto,
    onSuccess: async () => {
      queryClient.setQueryData<ProfileData>(
        profileQueryKey,
        (profile) => profile && { ...profile, profile_photo_path: null },
      );
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
