/** English texts of the 'catalogue' namespace: the spec's texts, word for word, where it gives them. */
export default {
  courses: {
    title: 'Courses',
    loading: 'Loading courses…',
    empty: 'No courses here yet.',
    schoolSubjects: 'School Subjects',
  },
  filters: {
    category: 'Filter by category',
    allSyllabus: 'All Syllabus',
    language: 'Filter by language',
    allLanguages: 'All languages',
  },
  /** A course's language, as its badge names it (the filter names each language in itself). */
  languageNames: {
    en: 'English',
    hi: 'Hindi',
    ml: 'Malayalam',
  },
  languageHidden: 'Language: ',
  price: {
    priceHidden: 'Price ',
    offerPriceHidden: 'Offer price ',
  },
  offer: {
    buyNow: 'Buy Now',
    payBatchFee: 'Pay batch fee',
    open: 'Open',
    /** A card's action named with its course, for screen readers. */
    labelled: '{{action}}: {{name}}',
    inMyCourses: 'In My Courses',
    includedInBatchFee: 'Included in your batch fee of {{fee}}',
    includedInBatch: 'Included in your batch',
  },
  card: {
    moreDetails: 'More Details',
    moreDetailsLabel: 'More Details: {{name}}',
  },
  details: {
    close: 'Close',
    seeCurriculum: 'See the curriculum',
    playDemo: 'Play Demo',
  },
  demo: {
    title: 'Demo: {{name}}',
    titleEmpty: 'Demo',
    unsupported: 'Your browser cannot play this video.',
  },
  course: {
    loading: 'Loading the course…',
    title: 'Course',
    missing: 'This course does not exist.',
    backToCourses: 'Back to Courses',
    certificate: "Certificate: pass every chapter quiz with at least {{passMark}}% to earn this course's certificate.",
    noCertificate: 'This course has no quizzes, so it gives no certificate.',
    curriculum: 'Curriculum',
    preparing: 'The chapters of this course are being prepared.',
    noChapters: 'No chapters yet.',
    quiz: 'Quiz',
    fileTypes: {
      pdf: 'PDF',
      video: 'Video',
      youtube: 'YouTube',
      link: 'Link',
    },
    terms_one: '{{count}} term',
    terms_other: '{{count}} terms',
    chapters_one: '{{count}} chapter',
    chapters_other: '{{count}} chapters',
    quizzes_one: '{{count}} quiz',
    quizzes_other: '{{count}} quizzes',
  },
};
