/** English texts of the 'layout' namespace: the spec's texts, word for word, where it gives them. */
export default {
  /** The language picker's label. */
  language: 'Language',
  languageChanged: 'Could not save your language. It will be used on this device.',
  /** The picker's choice could not be shown: its texts did not load (offline). */
  languageNotLoaded: 'Could not change the language. Check your connection and try again.',
  skipToContent: 'Skip to content',
  signingOut: 'Signing out…',
  header: {
    openMenu: 'Open menu',
    wallet: 'Wallet',
    accountMenu: 'Account menu',
    profile: 'Profile',
    logout: 'Logout',
  },
  menu: {
    label: 'Main menu',
    nav: 'Main',
    close: 'Close menu',
    dashboard: 'Dashboard',
    courses: 'Courses',
    myCourses: 'My Courses',
    downloads: 'Downloads',
    purchases: 'Purchases',
    admin: 'Admin',
  },
  signedInAs: 'Signed in as {{email}}.',
  logout: 'Logout',
  /** <a> is the Downloads page. */
  offline: 'You are offline. Chapters you saved for offline are in <a>Downloads</a>.',
  devBanner: 'Development server: data here is not real and mail goes to the dev mailbox.',
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has moved.',
    home: 'Back to Home',
  },
  error: {
    title: 'Something went wrong',
    text: 'Please reload the page and try again.',
    reload: 'Reload',
    home: 'Back to Home',
  },
};
