/** English texts of the 'accounts' namespace: the spec's texts, word for word, where it gives them. */
export default {
  login: {
    title: 'Sign In',
    subtitle: 'Welcome back! Sign in to continue learning.',
    email: 'Email',
    password: 'Password',
    forgotPassword: 'Forgot Password?',
    submit: 'Sign In',
    /** <a> goes to Register. */
    newHere: 'New to Live Connect? <a>Register</a>',
  },
  register: {
    title: 'Register',
    subtitle: 'Create your Live Connect account.',
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    mobile: 'Mobile',
    password: 'Password',
    confirmPassword: 'Confirm Password',
    /** <privacy> and <terms> are links to the policies. */
    disclaimer:
      'I have read and accept the <privacy>privacy policy</privacy> and the <terms>terms and conditions</terms>.',
    submit: 'Register',
    /** <a> goes to Login. */
    alreadyRegistered: 'Already registered? <a>Login</a>',
    forgotPassword: 'Forgot Password?',
  },
  referrer: {
    title: 'Referred by',
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
  },
  forgotPassword: {
    title: 'Forgot Password',
    intro: 'Enter the email address of your account and we will send you a one-time password (OTP).',
    email: 'Email',
    sendOtp: 'Send OTP',
    /** <strong> holds the address. */
    sentTo: 'We sent a one-time password to <strong>{{email}}</strong>.',
    changeEmail: 'Change email',
    otp: 'OTP',
    newPassword: 'New Password',
    confirmPassword: 'Confirm Password',
    submit: 'Reset Password',
    login: 'Login',
    /** <a> goes to Login. */
    remembered: 'Remembered it? <a>Login</a>',
  },
  verifyAccount: {
    title: 'Verify Account',
    noToken: 'This link has no sign-in token.',
    signingIn: 'Signing you in…',
    login: 'Login',
    checking: 'Checking the link…',
    confirm: 'This link signs you in as {{name}} ({{email}}).',
    signedInAs: 'You are signed in as {{name}} on this device: continuing signs you out of that account.',
    continue: 'Continue as {{name}}',
    cancel: 'Cancel',
  },
};
