import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type ProfileData } from '@app/contracts';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { ApiError, fallbackErrorMessage, type ApiResponse, type FieldErrors } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth/get-me';
import { clearSession, readToken } from '@/lib/token-storage';
import { profileQueryKey } from './get-profile';

const XSRF_COOKIE = 'XSRF-TOKEN';

function readXsrfCookie(): string | null {
  const entry = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${XSRF_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(XSRF_COOKIE.length + 1)) : null;
}

/** As the api client does: the cookie the server set, fetched first with one cheap GET if missing. */
async function xsrfToken(): Promise<string | null> {
  const existing = readXsrfCookie();
  if (existing) return existing;
  await fetch(env.xsrfPrimeUrl, { credentials: 'same-origin' }).catch(() => undefined);
  return readXsrfCookie();
}

export interface UploadPhotoInput {
  file: File;
  /** 0..100 as the bytes go up. */
  onProgress?: (percent: number) => void;
}

/**
 * POST /profile/photo (multipart field `file`); data is the stored photo's path. Sent with
 * XMLHttpRequest rather than fetch because only XHR reports upload progress; the headers are
 * the api client's (Authorization, X-XSRF-TOKEN).
 */
export async function uploadProfilePhoto({ file, onProgress }: UploadPhotoInput): Promise<ApiResponse<string>> {
  const token = await readToken();
  const xsrf = await xsrfToken();
  const body = new FormData();
  body.append('file', file);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${env.apiUrl}/profile/photo`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token !== null) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (xsrf) xhr.setRequestHeader('X-XSRF-TOKEN', xsrf);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      let parsed: (Partial<ApiResponse<string>> & { errors?: FieldErrors }) | null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ status: parsed?.status ?? true, message: parsed?.message ?? '', data: parsed?.data ?? '' });
        return;
      }
      if (xhr.status === 401) {
        clearSession();
        window.location.assign(paths.login.getHref());
      }
      reject(new ApiError(xhr.status, parsed?.message || fallbackErrorMessage, parsed?.errors ?? {}));
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, messages.serverUnreachable)));
    xhr.send(body);
  });
}

export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePhoto,
    onSuccess: async ({ data }) => {
      queryClient.setQueryData<ProfileData>(
        profileQueryKey,
        (profile) => profile && { ...profile, profile_photo_path: data },
      );
      // The header shows the photo too.
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
