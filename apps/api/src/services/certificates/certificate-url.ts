import type { Env } from '../../env.ts';

/** The public validation page of a certificate: CERTIFICATE_BASE_URL + id, else APP_URL/certificate/id. */
export function certificateUrl(env: Pick<Env, 'APP_URL' | 'CERTIFICATE_BASE_URL'>, certificateId: string): string {
  const base = env.CERTIFICATE_BASE_URL ?? `${env.APP_URL}/certificate`;
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(certificateId)}`;
}

/** The PDF of a certificate, relative to the site. */
export function certificatePdfPath(apiPrefix: string, certificateId: string): string {
  return `${apiPrefix}/certificates/${encodeURIComponent(certificateId)}/pdf`;
}
