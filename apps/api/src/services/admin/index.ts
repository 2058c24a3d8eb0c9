export { createAd, deleteAd, listAds, updateAd } from './catalogue/ads.ts';
export { createCategory, deleteCategory, listCategories, updateCategory } from './catalogue/categories.ts';
export {
  abortChapterUpload,
  completeChapterUpload,
  signChapterUploadParts,
  startChapterUpload,
} from './catalogue/chapter-uploads.ts';
export {
  createCourse,
  deleteCourse,
  getAdminCourse,
  listAdminCourses,
  receiveCourseVideo,
  setCourseImage,
  setCourseVideo,
  updateCourse,
} from './catalogue/courses.ts';
export { importQuestions } from './catalogue/import-questions.ts';
export { createQuestion, deleteQuestion, listQuestions, updateQuestion } from './catalogue/questions.ts';
export {
  createBatch,
  createStandard,
  createSyllabus,
  deleteBatch,
  deleteStandard,
  deleteSyllabus,
  listBatches,
  listStandards,
  listSyllabuses,
  updateBatch,
  updateStandard,
  updateSyllabus,
} from './catalogue/school.ts';
export { createSubject, deleteSubject, listSubjects, receiveChapterFile, updateSubject } from './catalogue/subjects.ts';
export { createTerm, deleteTerm, listTerms, setTermImage, updateTerm } from './catalogue/terms.ts';
export { getCertificate, reissueCertificate } from './certificates.ts';
export { listAudit } from './list-audit.ts';
export { listJobs } from './list-jobs.ts';
export { listPurchases } from './money/list-purchases.ts';
export { refundPurchase } from './money/refund-purchase.ts';
export {
  getWithdrawal,
  listWithdrawals,
  returnWithdrawal,
  settleWithdrawal,
  startPayout,
  takeOverPayout,
} from './money/withdrawals.ts';
export { createOfferCode, deleteOfferCode, getOfferCode, listOfferCodes, updateOfferCode } from './offer-codes.ts';
export { parseInput } from './parse-input.ts';
export { correctDateOfBirth } from './people/correct-date-of-birth.ts';
export { erasedEmail, eraseUser } from './people/erase-user.ts';
export { erasureFollowUpJob } from './people/erasure-follow-up-job.ts';
export { nameGuardian } from './people/name-guardian.ts';
export { grantAdmin, GrantAdminError } from './people/grant-admin.ts';
export { decideHeldReferral, listHeldReferrals } from './people/held-referrals.ts';
export { grantQuizAttempt, listLearnerQuizzes } from './people/quiz-attempts.ts';
export { findUserRow, getUserDetail, searchUsers, setUserRoles } from './people/users.ts';
export { getLevels, replaceLevels } from './settings/levels.ts';
export { getRates, updateRates } from './settings/rates.ts';
export { deleteOwnFile, PDF_MAX_BYTES, readSmallUpload, UPLOAD_MAX_BYTES } from './uploads.ts';
export type { StoredUpload } from './uploads.ts';
export { reportCsv } from './reports/report-csv.ts';
export {
  balancesCsv,
  listBalanceSnapshots,
  openBalanceSnapshot,
  writeBalanceSnapshot,
} from './reports/balance-snapshots.ts';
export { balanceSnapshotJob } from './reports/balance-snapshot-job.ts';
