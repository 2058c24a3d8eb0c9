import { eq } from 'drizzle-orm';
import { quizMessages, type CertificateData, type Language } from '@app/contracts';
import { certificates, purchases, users } from '@app/db';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { languageOf } from '../../lib/i18n.ts';
import { certificatePdfPath, certificateUrl } from './certificate-url.ts';

/** Ids are printed in lower-case hex; a reader may type them in capitals or with spaces around. */
export const normalizeCertificateId = (id: string) => id.trim().toLowerCase();

/** Valid unless the purchase that opened the course was refunded (none, for a free batch: valid). */
export const isCertificateValid = (purchaseStatus: string | null) => purchaseStatus !== 'refunded';

/**
 * A certificate as anyone holding its id may see it: 404 for an unknown id. The name is the one
 * stored at issue (or by an operator's reissue), never the holder's current profile name; the course's
 * name too is the one it had at issue.
 */
export async function findCertificate(
  ctx: AppContext,
  options: { certificateId: string; apiPrefix: string },
): Promise<CertificateData> {
  return (await findCertificateWithLanguage(ctx, options)).certificate;
}

/** findCertificate, with the holder's saved language: the printed certificate speaks it (decision 022). */
export async function findCertificateWithLanguage(
  ctx: AppContext,
  options: { certificateId: string; apiPrefix: string },
): Promise<{ certificate: CertificateData; language: Language }> {
  const [row] = await ctx.db
    .select({
      certificate: certificates,
      purchaseStatus: purchases.status,
      language: users.language,
    })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .leftJoin(purchases, eq(purchases.id, certificates.purchaseId))
    .where(eq(certificates.id, normalizeCertificateId(options.certificateId)))
    .limit(1);
  if (!row) throw AppError.notFound(quizMessages.certificateNotFound);
  const { certificate } = row;
  return {
    certificate: {
      certificate_id: certificate.id,
      name: certificate.holderName,
      course: certificate.courseName,
      issued_at: certificate.issuedAt.toISOString(),
      is_valid: isCertificateValid(row.purchaseStatus),
      verify_url: certificateUrl(ctx.env, certificate.id),
      pdf_url: certificatePdfPath(options.apiPrefix, certificate.id),
    },
    language: languageOf(row.language),
  };
}
