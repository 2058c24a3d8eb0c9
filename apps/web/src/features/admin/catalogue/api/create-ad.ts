import type { AdminAd } from '@app/contracts';
import { api } from '@/lib/api-client';
import { toFormData } from '../../utils/form-data';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { adsQueryKey } from './get-ads';

export interface AdInput {
  /** An uploaded image, or else… */
  file: File | null;
  /** …the image's https URL. */
  url?: string | undefined;
  is_active: boolean;
}

/** POST /admin/ads: multipart with the image in `file`, or JSON with its `url`. */
export const createAd = ({ file, url, is_active }: AdInput) =>
  api.post<AdminAd>('/admin/ads', file ? toFormData({ is_active }, file) : { url, is_active });

export const useCreateAd = () => useInvalidatingMutation(createAd, [adsQueryKey]);
