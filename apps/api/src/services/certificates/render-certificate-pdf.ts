import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { CertificateData } from '@app/contracts';

/** Characters the PDF standard fonts (WinAnsi) can print; anything else would come out as garbage. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
function printable(text: string): string {
  return [...text.normalize('NFC')]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(ch) ? ch : '?';
    })
    .join('');
}

const issuedDate = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });

/** Draws the QR code of `text` as vector squares, `size` points wide, at (x, y). */
function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
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
 * The printable certificate: learner, course, date, id, validity and a QR code of the public
 * validation page, on one A4 landscape page.
 */
export function renderCertificatePdf(certificate: CertificateData, options: { appName: string; now: Date }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: {
      Title: printable(`Certificate ${certificate.certificate_id}`),
      Author: printable(options.appName),
      Subject: printable(`${certificate.course}: ${certificate.name}`),
      CreationDate: options.now,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { width, height } = doc.page;
  const accent = '#0d6efd';
  doc.lineWidth(6).strokeColor(accent).rect(24, 24, width - 48, height - 48).stroke();
  doc.lineWidth(1).strokeColor('#adb5bd').rect(36, 36, width - 72, height - 72).stroke();

  const center = (text: string, y: number, font: string, size: number, color = '#212529') => {
    doc.font(font).fontSize(size).fillColor(color).text(printable(text), 60, y, { width: width - 120, align: 'center' });
  };
  center(options.appName, 70, 'Helvetica-Bold', 16, accent);
  center('Certificate of Completion', 110, 'Helvetica-Bold', 34);
  center('This is to certify that', 175, 'Helvetica', 14, '#495057');
  center(certificate.name, 200, 'Helvetica-Bold', 30);
  center('has completed every quiz of the course', 250, 'Helvetica', 14, '#495057');
  center(certificate.course, 275, 'Helvetica-Bold', 22);
  center(`Issued on ${issuedDate.format(new Date(certificate.issued_at))}`, 320, 'Helvetica', 13, '#495057');

  const qrSize = 120;
  const qrX = width - 60 - qrSize;
  const qrY = height - 60 - qrSize;
  drawQrCode(doc, certificate.verify_url, qrX, qrY, qrSize);

  const left = 70;
  const textWidth = qrX - left - 20;
  doc.font('Helvetica').fontSize(10).fillColor('#495057')
    .text(`Certificate ID: ${printable(certificate.certificate_id)}`, left, qrY + 10, { width: textWidth });
  doc.font('Helvetica-Bold').fontSize(12).fillColor(certificate.is_valid ? '#198754' : '#dc3545')
    .text(certificate.is_valid ? 'Status: Valid' : 'Status: No longer valid', left, qrY + 30, { width: textWidth });
  doc.font('Helvetica').fontSize(10).fillColor('#495057')
    .text('Scan the code or visit this address to check this certificate:', left, qrY + 55, { width: textWidth })
    .fillColor(accent)
    .text(printable(certificate.verify_url), left, qrY + 70, { width: textWidth, link: certificate.verify_url });

  doc.end();
  return done;
}
