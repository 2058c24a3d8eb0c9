/** Every route of spec section 2: `path` for the router, `getHref` for links. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  profile: { path: '/profile', getHref: () => '/profile' },
  courses: { path: '/courses', getHref: () => '/courses' },
  learn: { path: '/learn', getHref: () => '/learn' },
  learnMore: { path: '/learn-more/:id', getHref: (id: number | string) => `/learn-more/${id}` },
  quiz: { path: '/quiz/:id', getHref: (subjectId: number | string) => `/quiz/${subjectId}` },
  checkout: { path: '/checkout/:course', getHref: (courseId: number | string) => `/checkout/${courseId}` },
  success: { path: '/success', getHref: () => '/success' },
  wallet: { path: '/wallet', getHref: () => '/wallet' },
  users: { path: '/users', getHref: () => '/users' },
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
  certificate: { path: '/certificate/:id', getHref: (certificateId: string) => `/certificate/${encodeURIComponent(certificateId)}` },
  /** Static pages in public/, linked from the register disclaimer. */
  privacyPolicy: { getHref: () => '/privacy-policy.html' },
  terms: { getHref: () => '/terms-and-conditions.html' },
} as const;
