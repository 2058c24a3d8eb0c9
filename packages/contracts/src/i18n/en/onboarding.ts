/** English texts of the 'onboarding' namespace: the spec's texts, word for word, where it gives them. */
export default {
  chooseLevel: {
    title: 'Choose My Batch',
    subtitle: 'Pick your syllabus and standard, or start with the general course.',
    syllabus: 'Syllabus',
    chooseSyllabus: 'Choose a syllabus',
    standard: 'Standard',
    chooseStandard: 'Choose a standard',
    chooseSyllabusFirst: 'Choose a syllabus first',
    submit: 'Submit',
    or: 'or',
    generalCourse: 'General Course',
    /** A learner back on this page (the app reopened after General Course) goes to Verify with the code they have. */
    haveCode: 'Already have a code in your email?',
    enterCode: 'Enter it',
  },
  verify: {
    title: 'Verify Your Email',
    subtitle: 'Enter the one-time password (OTP) we sent to your email.',
    email: 'Email',
    otp: 'OTP',
    submit: 'Verify',
    noCode: 'Didn’t get the code?',
    resend: 'Resent OTP',
  },
};
