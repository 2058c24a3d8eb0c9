/**
 * Where a certificate is validated: this base URL plus the certificate id (spec section 2, My
 * Courses). Configurable as VITE_CERTIFICATE_BASE_URL; by default this app's own public page.
 * (Belongs in src/config/env.ts beside the other build-time values; kept here until that file's
 * owner moves it.)
 */
const configured: unknown = import.meta.env.VITE_CERTIFICATE_BASE_URL;

export function certificateBaseUrl(): string {
  if (typeof configured === 'string' && configured) return configured;
  return `${window.location.origin}/certificate/`;
}

export const certificateHref = (certificateId: string) => `${certificateBaseUrl()}${encodeURIComponent(certificateId)}`;
