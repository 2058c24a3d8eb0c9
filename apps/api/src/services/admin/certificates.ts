import { eq } from 'drizzle-orm';
import { quizMessages, type AdminCertificate } from '@app/contracts';
import { certificates, purchases, users, type DbOrTx } from '@app/db';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { certificateUrl, isCertificateValid, normalizeCertificateId } from '../certificates/index.ts';

async function findAdminCertificate(ctx: AppContext, db: DbOrTx, id: string): Promise<AdminCertificate> {
  const [row] = await db
    .select({ certificate: certificates, purchaseStatus: purchases.status, holder: users })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .leftJoin(purchases, eq(purchases.id, certificates.purchaseId))
    .where(eq(certificates.id, id));
  if (!row) throw AppError.notFound(quizMessages.certificateNotFound);
  const { certificate, holder } = row;
  return {
    id: certificate.id,
    holder_name: certificate.holderName,
    user: { id: holder.id, name: `${holder.firstName} ${holder.lastName}`, email: holder.email },
    course: { id: certificate.courseId, name: certificate.courseName },
    purchase_id: certificate.purchaseId,
    issued_at: certificate.issuedAt.toISOString(),
    reissued_at: certificate.reissuedAt?.toISOString() ?? null,
    is_valid: isCertificateValid(row.purchaseStatus),
    verify_url: certificateUrl(ctx.env, certificate.id),
  };
}

/** GET /admin/certificates/{id}: the certificate, and its holder's account as it is now. */
export function getCertificate(ctx: AppContext, options: { id: string }): Promise<AdminCertificate> {
  return findAdminCertificate(ctx, ctx.db, normalizeCertificateId(options.id));
}

/**
 * POST /admin/certificates/{id}/reissue: the same certificate (id, course, issue date) under a
 * corrected holder name. The change and its audit row (names before and after) commit together.
 */
export async function reissueCertificate(
  ctx: AppContext,
  options: { actorId: number; id: string; name: string },
): Promise<AdminCertificate> {
  const id = normalizeCertificateId(options.id);
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(certificates).where(eq(certificates.id, id)).for('update');
    if (!current) throw AppError.notFound(quizMessages.certificateNotFound);
    const now = ctx.now();
    await tx.update(certificates).set({ holderName: options.name, reissuedAt: now }).where(eq(certificates.id, id));
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'certificate.reissue',
      entity: 'certificates',
      entityId: id,
      before: { holder_name: current.holderName, reissued_at: current.reissuedAt?.toISOString() ?? null },
      after: { holder_name: options.name, reissued_at: now.toISOString() },
    });
    return findAdminCertificate(ctx, tx, id);
  });
}
