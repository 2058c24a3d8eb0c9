export { certificateUrl } from './certificate-url.ts';
export { findCertificate, isCertificateValid, normalizeCertificateId } from './find-certificate.ts';
export { courseQuizSetKey, holdCourseQuizSet, lockCourseQuizSet } from './course-quiz-set-lock.ts';
export { courseQuizSubjectIds, issueCertificateIfComplete } from './issue-certificate-if-complete.ts';
export { learnersWhoPassedEvery, passedQuizSubjectIds } from './passed-quiz-subject-ids.ts';
export { renderCertificatePdf } from './render-certificate-pdf.ts';
