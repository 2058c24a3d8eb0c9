/** Every route (docs/product/app-shell.md#routes): `path` for the router, `getHref` for links. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  profile: { path: '/profile', getHref: () => '/profile' },
  courses: { path: '/courses', getHref: () => '/courses' },
  /** A course before purchase: its curriculum, and 'Buy Now' or 'Open'. */
  courseDetail: { path: '/courses/:id', getHref: (id: number | string) => `/courses/${id}` },
  learn: { path: '/learn', getHref: () => '/learn' },
  learnMore: { path: '/learn-more/:id', getHref: (id: number | string) => `/learn-more/${id}` },
  quiz: { path: '/quiz/:id', getHref: (subjectId: number | string) => `/quiz/${subjectId}` },
  checkout: { path: '/checkout/:course', getHref: (courseId: number | string) => `/checkout/${courseId}` },
  /** The learner's batch fee (POST /first-payment): a static segment, so it wins over :course. */
  checkoutBatch: { path: '/checkout/batch', getHref: () => '/checkout/batch' },
  /** After a purchase; `?order=` is its purchase id (GET /orders/{id}), so a reload keeps the details. */
  success: { path: '/success', getHref: (orderId?: number) => (orderId ? `/success?order=${orderId}` : '/success') },
  wallet: { path: '/wallet', getHref: () => '/wallet' },
  /** The learner's purchases with their GST invoices (issue 16). */
  purchases: { path: '/purchases', getHref: () => '/purchases' },
  users: { path: '/users', getHref: () => '/users' },
  /** Chapters saved for offline study (issue 15). */
  downloads: { path: '/downloads', getHref: () => '/downloads' },
  login: { path: '/login', getHref: () => '/login' },
  register: {
    path: '/register',
    getHref: (referral?: string) => (referral ? `/register/${encodeURIComponent(referral)}` : '/register'),
  },
  registerWithReferral: { path: '/register/:referral' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  chooseLevel: { path: '/choose-level', getHref: () => '/choose-level' },
  verify: { path: '/verify', getHref: () => '/verify' },
  verifyAccount: { path: '/verify-account', getHref: () => '/verify-account' },
  /** Public certificate validation page (no sign-in). */
  certificate: {
    path: '/certificate/:id',
    getHref: (certificateId: string) => `/certificate/${encodeURIComponent(certificateId)}`,
  },
  /** The operator console (issue 6): admins only, one lazy route group. */
  admin: { path: '/admin', getHref: () => '/admin' },
  adminCourses: { path: '/admin/courses', getHref: () => '/admin/courses' },
  adminNewCourse: { path: '/admin/courses/new', getHref: () => '/admin/courses/new' },
  adminCourse: {
    path: '/admin/courses/:courseId',
    getHref: (courseId: number | string) => `/admin/courses/${courseId}`,
  },
  adminQuestions: {
    path: '/admin/courses/:courseId/terms/:termId/subjects/:subjectId/questions',
    getHref: (courseId: number | string, termId: number | string, subjectId: number | string) =>
      `/admin/courses/${courseId}/terms/${termId}/subjects/${subjectId}/questions`,
  },
  adminCategories: { path: '/admin/categories', getHref: () => '/admin/categories' },
  adminSchool: { path: '/admin/school', getHref: () => '/admin/school' },
  adminAds: { path: '/admin/ads', getHref: () => '/admin/ads' },
  adminOfferCodes: { path: '/admin/offer-codes', getHref: () => '/admin/offer-codes' },
  adminPurchases: { path: '/admin/purchases', getHref: () => '/admin/purchases' },
  adminWithdrawals: { path: '/admin/withdrawals', getHref: () => '/admin/withdrawals' },
  adminUsers: { path: '/admin/users', getHref: () => '/admin/users' },
  adminUser: { path: '/admin/users/:userId', getHref: (userId: number | string) => `/admin/users/${userId}` },
  adminHeldReferrals: { path: '/admin/held-referrals', getHref: () => '/admin/held-referrals' },
  adminLevelsRates: { path: '/admin/levels-rates', getHref: () => '/admin/levels-rates' },
  adminReports: { path: '/admin/reports', getHref: () => '/admin/reports' },
  adminAudit: { path: '/admin/audit', getHref: () => '/admin/audit' },
  adminJobs: { path: '/admin/jobs', getHref: () => '/admin/jobs' },
  /** The privacy policy and the terms (issue 16): public pages naming the operator and the grievance officer. */
  privacyPolicy: { path: '/privacy', getHref: () => '/privacy' },
  terms: { path: '/terms', getHref: () => '/terms' },
  /** A guardian's consent link (public, no account): `?lang=` opens it in the child's language. */
  guardianConsent: { path: '/guardian/consent/:token', getHref: (token: string) => `/guardian/consent/${token}` },
} as const;
