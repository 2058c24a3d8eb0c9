import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll } from 'vitest';
import { auditLog } from '@app/db';
import type { App } from '../src/app.ts';
import type { TestApp, TestClient } from './helpers.ts';
import { createLearner, madeInBeforeAll, type Learner } from './fixtures.ts';
import { createCourse } from './catalogue-fixtures.ts';
import { setUpLedgerTestApp, type LedgerTestApp } from './wallet-fixtures.ts';
import { payThroughSandbox } from './checkout-fixtures.ts';

/** A verified operator who is also a learner. */
export function createAdmin(app: App): Promise<Learner> {
  return createLearner(app, { roles: ['admin', 'learner'] });
}

/** An admin money test's app (setUpAdminTestApp): the operator, and `as()`, the client with their token. */
export interface AdminTestApp extends LedgerTestApp {
  readonly admin: Learner;
  as: () => TestClient;
}

/**
 * setUpLedgerTestApp with an operator made in the same describe block's beforeAll: the setup of the
 * admin money, people and settings tests. As there, read the answer in tests and hooks only.
 */
export function setUpAdminTestApp(rates: Record<string, number> = {}): AdminTestApp {
  const t = setUpLedgerTestApp(rates);
  let admin: Learner | undefined;
  beforeAll(async () => {
    admin = await createAdmin(t.app);
  });
  return Object.defineProperties(t, {
    admin: { get: () => madeInBeforeAll(admin) },
    as: { value: () => t.client.as(madeInBeforeAll(admin).token) },
  }) as AdminTestApp;
}

/** A multipart/form-data body with text fields and at most one file, as a browser sends it. */
export function multipartForm(
  fields: Record<string, string>,
  file?: { field?: string; filename: string; type: string; content: Buffer },
) {
  const boundary = `----lc${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const pngBytes = (width = 16, height = 12) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/** The first box of an MP4 (ftyp, brand isom) and an empty mdat: enough for the content check. */
export function mp4Bytes(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomiso2', 16, 'latin1');
  const mdat = Buffer.alloc(16);
  mdat.writeUInt32BE(16, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}

export const pdfBytes = () =>
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** The audit rows of one entity, oldest first. */
export async function auditOf(app: App, entity: string, entityId: string | number) {
  return app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(auditLog.id);
}

/**
 * A course at `pricePaise` bought the way a learner buys one with the sandbox provider
 * (payThroughSandbox). Returns the purchase id, the provider's payment id and the course id.
 */
export async function buyThroughSandbox(
  t: Pick<TestApp, 'app' | 'client'>,
  buyer: Learner,
  pricePaise: number,
): Promise<{ purchaseId: number; paymentId: string; courseId: number }> {
  const course = await createCourse(t.app, { pricePaise });
  return { ...(await payThroughSandbox(t, buyer, '/checkout', { course_id: course.id })), courseId: course.id };
}
