/**
 * The demo accounts, also read by the journeys (e2e) and named in the README. Referral codes keep
 * to the server's alphabet (no 0/O, 1/I/L), so the demo learner's is DEMY2345.
 */
export const DEMO_LEARNER = {
  firstName: 'Demo',
  lastName: 'Learner',
  email: 'demo@example.com',
  password: 'Demo@1234',
  mobile: '9876543210',
  referralCode: 'DEMY2345',
  city: 'Kochi',
  state: 'Kerala',
  countryIsoCode: 'IN',
  batch: { syllabus: 'CBSE', standard: 10 },
} as const;

export const DEMO_ADMIN = {
  firstName: 'Site',
  lastName: 'Admin',
  email: 'admin@example.com',
  password: 'Admin@1234',
  mobile: '9876500000',
  referralCode: 'ADMN2345',
  roles: ['admin', 'learner'],
} as const;

/** Two learners who joined through the demo learner's link and have not bought anything yet (pending sub-users). */
export const DEMO_REFERRED_LEARNERS = [
  { firstName: 'Asha', lastName: 'Nair', email: 'asha@example.com', mobile: '9847000001', referralCode: 'ASHA2345' },
  { firstName: 'Rahul', lastName: 'Verma', email: 'rahul@example.com', mobile: '9847000002', referralCode: 'RAHU2345' },
] as const;
