export { certificateUrl } from './certificate-url.ts';
export { findCertificate, isCertificateValid, normalizeCertificateId } from './find-certificate.ts';
export { courseQuizSetKey } from './course-quiz-set-lock.ts';
export { issueCertificateIfComplete } from './issue-certificate-if-complete.ts';
export { issueCertificatesOfCourse } from './issue-certificates-of-course.ts';
export { passedQuizSubjectIds } from './passed-quiz-subject-ids.ts';
export { renderCertificatePdf } from './render-certificate-pdf.ts';
