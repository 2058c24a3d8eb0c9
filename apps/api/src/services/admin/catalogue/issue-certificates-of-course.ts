import type { Tx } from '@app/db';
import {
  courseQuizSubjectIds,
  issueCertificateIfComplete,
  learnersWhoPassedEvery,
  lockCourseQuizSet,
} from '../../certificates/index.ts';
import { findCourseAccess } from '../../purchases/index.ts';

/**
 * After a catalogue change that can shrink a course's set of quizzes (a subject, a term or a
 * subject's last question deleted), in its transaction: issues the certificate to every learner
 * whose results now pass every remaining quiz and who still has the course (a learner refunded
 * since gets it when they buy it back: markPurchasePaid). The learners are found in one statement;
 * the work after it is a few statements per learner the change completed, none for the others.
 * Returns how many certificates were issued.
 */
export async function issueCertificatesOfCourse(tx: Tx, options: { courseId: number; now: Date }): Promise<number> {
  const { courseId, now } = options;
  await lockCourseQuizSet(tx, courseId);
  const subjectIds = await courseQuizSubjectIds(tx, courseId);
  let issued = 0;
  for (const userId of await learnersWhoPassedEvery(tx, { subjectIds, withoutCertificateOf: courseId })) {
    const access = await findCourseAccess(tx, userId, courseId);
    if (!access) continue;
    if (await issueCertificateIfComplete(tx, { userId, courseId, purchaseId: access.purchaseId, now })) issued++;
  }
  return issued;
}
