import * as gk from './general-knowledge.ts';
import * as english from './english.ts';
import * as computing from './computing.ts';
import * as maths from './mathematics.ts';
import * as science from './science.ts';
import type { SeedCourse } from './types.ts';

export const SYLLABUSES = ['CBSE', 'ICSE', 'Kerala State'] as const;
export const STANDARD_COUNT = 12;
export const standardName = (n: number) => `Standard ${n}`;
export const batchName = (syllabus: string, n: number) => `${syllabus} ${standardName(n)}`;
/** Standards 10 to 12 (board-exam years) carry a batch fee; the others are free. */
export const batchFeePaise = (n: number) => (n >= 10 ? 49_900 : 0);

export const CATEGORIES = ['Mathematics', 'Science', 'English', 'Computer Science', 'General Knowledge'] as const;
type Category = (typeof CATEGORIES)[number];

const rupees = (value: number) => Math.round(value * 100);

/** The open catalogue: every course has two terms whose chapters cover pdf, video, youtube and link. */
export const CATALOGUE_COURSES: (SeedCourse & { category: Category })[] = [
  {
    slug: 'foundations-of-mathematics',
    name: 'Foundations of Mathematics',
    category: 'Mathematics',
    about:
      'Build a sure footing in the mathematics every later class relies on: fractions and decimals, ratios and percentages, vectors, and the area and perimeter of everyday shapes. Each chapter ends with a 10-question quiz.',
    pricePaise: rupees(999),
    offerPricePaise: rupees(499),
    hasDemoVideo: true,
    terms: [
      {
        name: 'Term 1: Numbers',
        about: 'Fractions, decimals, ratios and percentages.',
        subjects: [maths.fractionsAndDecimals, maths.ratioAndPercentage],
      },
      {
        name: 'Term 2: Shapes and Space',
        about: 'Vectors, area and perimeter.',
        subjects: [maths.introductionToVectors, maths.areaAndPerimeter],
      },
    ],
  },
  {
    slug: 'physics-motion-and-energy',
    name: 'Physics: Motion and Energy',
    category: 'Science',
    about:
      "How things move and why: speed, velocity and acceleration, Newton's laws, work and energy, and the electric circuits that power our homes.",
    pricePaise: rupees(1499),
    offerPricePaise: rupees(1199),
    hasDemoVideo: true,
    terms: [
      {
        name: 'Term 1: Motion',
        about: 'Describing motion and the laws behind it.',
        subjects: [science.speedVelocityAcceleration, science.newtonsLaws],
      },
      {
        name: 'Term 2: Energy',
        about: 'Work, energy, power and electricity.',
        subjects: [science.workEnergyPower, science.electricityAndCircuits],
      },
    ],
  },
  {
    slug: 'life-science-essentials',
    name: 'Life Science Essentials',
    category: 'Science',
    about:
      'A tour of living things, from the cell to the human body, and from a leaf making food to the food chains of a forest.',
    pricePaise: rupees(799),
    offerPricePaise: rupees(799),
    hasDemoVideo: false,
    terms: [
      {
        name: 'Term 1: Cells and the Body',
        about: 'The cell and the systems of the human body.',
        subjects: [science.theCell, science.humanBodySystems],
      },
      {
        name: 'Term 2: Plants and Ecosystems',
        about: 'Photosynthesis, food chains and ecosystems.',
        subjects: [science.photosynthesis, science.ecosystemsAndFoodChains],
      },
    ],
  },
  {
    slug: 'english-grammar-made-easy',
    name: 'English Grammar Made Easy',
    category: 'English',
    about:
      'Speak and write with confidence: the parts of speech, every tense, the active and passive voice, and punctuation that makes meaning clear.',
    pricePaise: rupees(599),
    offerPricePaise: rupees(399),
    hasDemoVideo: false,
    terms: [
      {
        name: 'Term 1: Words and Tenses',
        about: 'Parts of speech and tenses.',
        subjects: [english.partsOfSpeech, english.tenses],
      },
      {
        name: 'Term 2: Sentences',
        about: 'Voice and punctuation.',
        subjects: [english.activeAndPassiveVoice, english.punctuation],
      },
    ],
  },
  {
    slug: 'coding-with-python',
    name: 'Coding with Python',
    category: 'Computer Science',
    about:
      'Learn how computers work and write your first programs in Python: variables and data types, decisions and loops, and your own functions.',
    pricePaise: rupees(1999),
    offerPricePaise: rupees(1499),
    hasDemoVideo: true,
    terms: [
      {
        name: 'Term 1: Getting Started',
        about: 'Computers and Python basics.',
        subjects: [computing.howComputersWork, computing.variablesAndDataTypes],
      },
      {
        name: 'Term 2: Writing Programs',
        about: 'Conditions, loops and functions.',
        subjects: [computing.conditionsAndLoops, computing.pythonFunctions],
      },
    ],
  },
  {
    slug: 'india-and-the-world',
    name: 'India and the World: General Knowledge',
    category: 'General Knowledge',
    about:
      "A free course to start with: India's geography and freedom struggle, the farming revolution that made civilisation possible, and India's journey into space.",
    pricePaise: rupees(299),
    offerPricePaise: 0,
    hasDemoVideo: true,
    terms: [
      {
        name: 'Term 1: Our Country',
        about: 'Geography and history of India.',
        subjects: [gk.geographyOfIndia, gk.freedomStruggle],
      },
      {
        name: 'Term 2: Our World',
        about: 'From the first farms to outer space.',
        subjects: [gk.agriculturalRevolution, gk.indiaInSpace],
      },
    ],
  },
];

/**
 * Subject courses of two school batches (`data.school`). They cost nothing on their own: the
 * batch fee (first-payment) is what the learner pays.
 */
export const BATCH_COURSES: (SeedCourse & {
  category: Category;
  batch: { syllabus: (typeof SYLLABUSES)[number]; standard: number };
})[] = [
  {
    slug: 'cbse-10-mathematics',
    name: 'CBSE Class 10 Mathematics',
    category: 'Mathematics',
    batch: { syllabus: 'CBSE', standard: 10 },
    about:
      'The CBSE Standard 10 mathematics syllabus, chapter by chapter: quadratic equations, trigonometry and more, with a quiz for each chapter.',
    pricePaise: 0,
    offerPricePaise: 0,
    hasDemoVideo: false,
    terms: [
      {
        name: 'Term 1: Algebra',
        about: 'Quadratic equations, ratio and proportion.',
        subjects: [maths.quadraticEquations, maths.ratioAndPercentage],
      },
      {
        name: 'Term 2: Trigonometry and Vectors',
        about: 'Trigonometric ratios and an introduction to vectors.',
        subjects: [maths.introductionToTrigonometry, maths.introductionToVectors],
      },
    ],
  },
  {
    slug: 'cbse-10-science',
    name: 'CBSE Class 10 Science',
    category: 'Science',
    batch: { syllabus: 'CBSE', standard: 10 },
    about: 'The CBSE Standard 10 science syllabus: electricity, energy, life processes and the cell.',
    pricePaise: 0,
    offerPricePaise: 0,
    hasDemoVideo: true,
    terms: [
      {
        name: 'Term 1: Physics',
        about: 'Electricity, work and energy.',
        subjects: [science.electricityAndCircuits, science.workEnergyPower],
      },
      {
        name: 'Term 2: Biology',
        about: 'Photosynthesis and the cell.',
        subjects: [science.photosynthesis, science.theCell],
      },
    ],
  },
  {
    slug: 'kerala-10-english',
    name: 'Kerala State Class 10 English',
    category: 'English',
    batch: { syllabus: 'Kerala State', standard: 10 },
    about:
      'English grammar for the Kerala State Standard 10 examination: tenses, parts of speech, voice and punctuation.',
    pricePaise: 0,
    offerPricePaise: 0,
    hasDemoVideo: false,
    terms: [
      {
        name: 'Term 1: Grammar',
        about: 'Tenses and parts of speech.',
        subjects: [english.tenses, english.partsOfSpeech],
      },
      {
        name: 'Term 2: Writing',
        about: 'Voice and punctuation.',
        subjects: [english.activeAndPassiveVoice, english.punctuation],
      },
    ],
  },
];

export const OFFER_CODES = [
  /** 10% off (1000 basis points), once per learner. */
  { code: 'WELCOME10', isFixedAmount: false, discountValue: 1000, minimumAmountPaise: 0, maxUsesPerUser: 1 },
  /** ₹50 off orders of ₹200 or more. */
  { code: 'FLAT50', isFixedAmount: true, discountValue: 5000, minimumAmountPaise: 20_000, maxUsesPerUser: null },
] as const;

/** A batch's own code: 20% off the CBSE Standard 10 batch fee. */
export const BATCH_OFFER_CODE = {
  code: 'CBSE10BATCH',
  isFixedAmount: false,
  discountValue: 2000,
  minimumAmountPaise: 0,
  batch: { syllabus: 'CBSE', standard: 10 },
} as const;
