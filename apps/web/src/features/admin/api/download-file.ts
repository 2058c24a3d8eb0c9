import { env } from '@/config/env';
import { ApiError } from '@/lib/api-client';
import { readToken } from '@/lib/token-storage';

/**
 * GET an operator's file (a PDF, a CSV) with the bearer token and save it under `fileName`: a plain link could not
 * send the token, and the console is desktop-first, where a blob download works everywhere (the learner's app uses
 * signed links instead; decision 023). A refusal throws an ApiError with the server's message and field errors.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const token = await readToken();
  const response = await fetch(`${env.apiUrl}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      message?: string;
      errors?: Record<string, string[]>;
    } | null;
    throw new ApiError(response.status, body?.message ?? 'The file could not be loaded.', body?.errors ?? {});
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
