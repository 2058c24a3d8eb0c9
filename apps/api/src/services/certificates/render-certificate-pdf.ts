import { formatIndiaLongDate, type CertificateData, type Language } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { translator } from '../../lib/i18n.ts';
import { createPdfDocument, drawTextLine, type TextLineOptions } from '../../lib/pdf-fonts.ts';
import { findCertificateWithLanguage } from './find-certificate.ts';

/** Draws the QR code of `text` as vector squares, `size` points wide, at (x, y). */
async function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): Promise<void> {
  // Loaded with the first certificate, as pdfkit is (createPdfDocument).
  const { default: QRCode } = await import('qrcode');
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  doc.save().rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill().restore();
}

/**
 * The PDF of a certificate, labelled in its holder's saved language (users.language, as the
 * invoices are), the date in that language in India time; the name and course as issued. 404 for
 * an unknown id. Anyone holding the id may fetch it, so the language is the holder's, never the
 * reader's.
 */
export async function renderCertificatePdf(
  ctx: AppContext,
  options: { certificateId: string; apiPrefix: string },
): Promise<{ certificate: CertificateData; pdf: Buffer }> {
  const { certificate, language } = await findCertificateWithLanguage(ctx, options);
  const pdf = await drawCertificatePdf(certificate, { appName: ctx.env.APP_NAME, now: ctx.now(), language });
  return { certificate, pdf };
}

/**
 * The printable certificate: learner, course, date, id, validity and a QR code of the public
 * validation page, on one A4 landscape page.
 */
export async function drawCertificatePdf(
  certificate: CertificateData,
  options: { appName: string; now: Date; language: Language },
): Promise<Buffer> {
  const { language } = options;
  const t = translator(language);
  const { doc, bytes } = await createPdfDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: {
      Title: t('certificates:pdf.documentTitle', { id: certificate.certificate_id }),
      Author: options.appName,
      Subject: `${certificate.course}: ${certificate.name}`,
      CreationDate: options.now,
    },
  });

  const { width, height } = doc.page;
  const accent = '#0d6efd';
  doc
    .lineWidth(6)
    .strokeColor(accent)
    .rect(24, 24, width - 48, height - 48)
    .stroke();
  doc
    .lineWidth(1)
    .strokeColor('#adb5bd')
    .rect(36, 36, width - 72, height - 72)
    .stroke();

  // Names and course names may be in English, Hindi or Malayalam: every line goes through the Noto
  // faces of lib/pdf-fonts.ts, shrunk to fit its box rather than wrapped.
  type Style = Omit<TextLineOptions, 'x' | 'width' | 'baseline' | 'align'>;
  const center = (text: string, baseline: number, style: Style) => {
    drawTextLine(doc, text, { ...style, x: 60, width: width - 120, baseline, align: 'center' });
  };
  const muted = '#495057';
  center(options.appName, 82, { size: 16, weight: 'bold', color: accent });
  center(t('certificates:pdf.title'), 134, { size: 34, weight: 'bold', color: '#212529' });
  center(t('certificates:pdf.certify'), 185, { size: 14, color: muted });
  center(certificate.name, 222, { size: 30, weight: 'bold', color: '#212529' });
  center(t('certificates:pdf.completed'), 260, { size: 14, color: muted });
  center(certificate.course, 291, { size: 22, weight: 'bold', color: '#212529' });
  center(t('certificates:pdf.issuedOn', { date: formatIndiaLongDate(certificate.issued_at, language) }), 329, {
    size: 13,
    color: muted,
  });

  const qrSize = 120;
  const qrX = width - 60 - qrSize;
  const qrY = height - 60 - qrSize;
  await drawQrCode(doc, certificate.verify_url, qrX, qrY, qrSize);

  const left = (text: string, baseline: number, style: Style) => {
    drawTextLine(doc, text, { ...style, x: 70, width: qrX - 90, baseline, align: 'left' });
  };
  left(t('certificates:pdf.certificateId', { id: certificate.certificate_id }), qrY + 17, { size: 10, color: muted });
  left(t(certificate.is_valid ? 'certificates:pdf.valid' : 'certificates:pdf.notValid'), qrY + 39, {
    size: 12,
    weight: 'bold',
    color: certificate.is_valid ? '#198754' : '#dc3545',
  });
  left(t('certificates:pdf.check'), qrY + 62, { size: 10, color: muted });
  left(certificate.verify_url, qrY + 77, { size: 10, color: accent, link: certificate.verify_url });

  doc.end();
  return bytes;
}
