import { eq } from 'drizzle-orm';
import { quizMessages, type CertificateData } from '@app/contracts';
import { courses, purchases, users } from '@app/db';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { certificatePdfPath, certificateUrl } from './certificate-url.ts';

/** A certificate as anyone holding its id may see it: 404 for an unknown id. */
export async function findCertificate(ctx: AppContext, options: { certificateId: string; apiPrefix: string }): Promise<CertificateData> {
  const id = options.certificateId.trim().toLowerCase();
  const [row] = await ctx.db
    .select({
      certificateId: purchases.certificateId,
      issuedAt: purchases.certificateIssuedAt,
      status: purchases.status,
      firstName: users.firstName,
      lastName: users.lastName,
      course: courses.name,
    })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .innerJoin(courses, eq(courses.id, purchases.courseId))
    .where(eq(purchases.certificateId, id))
    .limit(1);
  if (!row?.certificateId || !row.issuedAt) throw AppError.notFound(quizMessages.certificateNotFound);
  return {
    certificate_id: row.certificateId,
    name: `${row.firstName} ${row.lastName}`.trim(),
    course: row.course,
    issued_at: row.issuedAt.toISOString(),
    is_valid: row.status === 'paid',
    verify_url: certificateUrl(ctx.env, row.certificateId),
    pdf_url: certificatePdfPath(options.apiPrefix, row.certificateId),
  };
}
