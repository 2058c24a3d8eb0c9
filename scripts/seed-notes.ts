/** Chapter notes printed into the seed's PDF chapters by make-seed-assets.ts. Each section starts a page. */
export interface ChapterNotes {
  asset: string;
  title: string;
  course: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export const CHAPTER_NOTES: ChapterNotes[] = [
  {
    asset: 'fractions-and-decimals.pdf',
    title: 'Fractions and Decimals',
    course: 'Foundations of Mathematics',
    sections: [
      {
        heading: 'Key ideas',
        paragraphs: [
          'A fraction a/b names a parts out of b equal parts. The top number a is the numerator; the bottom number b is the denominator.',
          'Equivalent fractions name the same amount: multiply or divide the numerator and the denominator by the same non-zero number. 2/3 = 4/6 = 8/12.',
          'A fraction is in its simplest form when the numerator and the denominator have no common factor other than 1. Divide both by their HCF: 12/18 = 2/3.',
          'To add or subtract fractions, first rewrite them with a common denominator: 1/2 + 1/4 = 2/4 + 1/4 = 3/4.',
          'To multiply fractions, multiply the numerators and the denominators. To divide by a fraction, multiply by its reciprocal: the reciprocal of 7/3 is 3/7.',
        ],
      },
      {
        heading: 'Decimals',
        paragraphs: [
          'A decimal is a fraction whose denominator is a power of ten: 0.75 = 75/100 = 3/4, and 0.125 = 125/1000 = 1/8.',
          'To turn a fraction into a decimal, divide the numerator by the denominator. To compare decimals, line up the decimal points and compare digit by digit: 0.7 > 0.699.',
          'Multiplying by 10, 100 or 1000 moves the decimal point one, two or three places to the right: 0.25 × 100 = 25.',
          'Worked example: 1.5 + 2.75. Write 1.50 + 2.75 with the points lined up, then add: 4.25.',
          'Practice: write 3/5 as a decimal (0.6), simplify 15/25 (3/5), and find 2/5 of 10 (4).',
        ],
      },
    ],
  },
  {
    asset: 'quadratic-equations.pdf',
    title: 'Quadratic Equations',
    course: 'CBSE Class 10 Mathematics',
    sections: [
      {
        heading: 'Standard form and factorisation',
        paragraphs: [
          'A quadratic equation in x has the standard form ax² + bx + c = 0, where a, b and c are real numbers and a ≠ 0. Its degree is 2.',
          'A root is a value of x that makes the equation true. A quadratic equation has at most two roots.',
          'Factorisation: split the middle term. x² − 5x + 6 = x² − 2x − 3x + 6 = (x − 2)(x − 3), so x = 2 or x = 3.',
          'For ax² + bx + c = 0 the sum of the roots is −b/a and their product is c/a. For x² − 7x + 10 = 0 the roots 2 and 5 add up to 7 and multiply to 10.',
        ],
      },
      {
        heading: 'The quadratic formula and the discriminant',
        paragraphs: [
          'Every quadratic equation can be solved with the formula x = (−b ± √(b² − 4ac)) / 2a.',
          'The number D = b² − 4ac is the discriminant. If D > 0 there are two distinct real roots; if D = 0 there are two equal real roots; if D < 0 there are no real roots.',
          'Example: x² − 6x + 9 = 0 has D = 36 − 36 = 0, so it has two equal roots, x = 3.',
          'Example: x² + 2x + 5 = 0 has D = 4 − 20 = −16 < 0, so it has no real roots.',
          'Practice: find k > 0 so that x² + kx + 9 = 0 has equal roots. D = k² − 36 = 0 gives k = 6.',
        ],
      },
    ],
  },
  {
    asset: 'newtons-laws.pdf',
    title: "Newton's Laws of Motion",
    course: 'Physics: Motion and Energy',
    sections: [
      {
        heading: 'The three laws',
        paragraphs: [
          'First law (law of inertia): a body stays at rest, or keeps moving in a straight line at constant speed, unless an unbalanced force acts on it.',
          'Inertia is the tendency of a body to resist a change in its state of motion. The greater the mass, the greater the inertia.',
          'Second law: the rate of change of momentum is proportional to the applied force. For a constant mass, F = m × a. One newton (1 N) gives a 1 kg mass an acceleration of 1 m/s².',
          'Third law: to every action there is an equal and opposite reaction. The two forces act on different bodies.',
        ],
      },
      {
        heading: 'Momentum and examples',
        paragraphs: [
          'Momentum p = m × v, measured in kg·m/s. A 10 kg mass moving at 3 m/s has a momentum of 30 kg·m/s.',
          'When a bus brakes suddenly, standing passengers lurch forward: their bodies tend to keep moving (inertia of motion).',
          'A gun recoils and a rocket rises because of the third law: the gases pushed out backwards push the gun or the rocket forwards.',
          'Worked example: what force gives a 5 kg trolley an acceleration of 2 m/s²? F = m × a = 5 × 2 = 10 N.',
        ],
      },
    ],
  },
  {
    asset: 'the-cell.pdf',
    title: 'The Cell',
    course: 'Life Science Essentials',
    sections: [
      {
        heading: 'The unit of life',
        paragraphs: [
          'All living things are made of cells. Robert Hooke first saw and named cells in 1665, in a thin slice of cork.',
          'Unicellular organisms, such as Amoeba, are a single cell. Multicellular organisms, such as a frog or a mango tree, are made of many cells.',
          'Prokaryotic cells (bacteria) have no well-defined nucleus. Eukaryotic cells (plants, animals, fungi) keep their DNA inside a nucleus with a membrane.',
          'The plasma membrane is selectively permeable: it lets some substances in and out and keeps others back.',
        ],
      },
      {
        heading: 'Inside the cell',
        paragraphs: [
          'Nucleus: holds the DNA and controls the activities of the cell.',
          'Mitochondria: release energy from food; they are called the powerhouses of the cell.',
          'Ribosomes: make proteins. Lysosomes: digest waste and worn-out parts; they are called suicide bags.',
          'Plant cells also have a cell wall made of cellulose, chloroplasts containing chlorophyll, and a large central vacuole.',
        ],
      },
    ],
  },
  {
    asset: 'tenses.pdf',
    title: 'Tenses',
    course: 'English Grammar Made Easy',
    sections: [
      {
        heading: 'Present and past',
        paragraphs: [
          'Simple present: habits and facts. "She goes to school every day." "Water boils at 100 °C."',
          'Present continuous: actions happening now. "They are watching a film."',
          'Present perfect: past actions connected to now. "I have finished my homework." "I have lived in Kochi since 2015."',
          'Simple past: completed actions at a stated time. "She lost her keys yesterday."',
          'Past continuous and past perfect: "They were playing football when it started to rain." "The train had left before we reached the station."',
        ],
      },
      {
        heading: 'Future and verb forms',
        paragraphs: [
          'Simple future: "He will travel to Delhi tomorrow." First conditional: "If it rains tomorrow, we will stay at home."',
          'Future perfect: an action complete before a future time. "By next year, she will have completed her degree."',
          'Learn the three forms of irregular verbs: go - went - gone, write - wrote - written, lose - lost - lost.',
          'Practice: put the verb in brackets in the right tense. "The bell (ring) when I reached the gate." (had rung / rang)',
        ],
      },
    ],
  },
  {
    asset: 'python-variables.pdf',
    title: 'Variables and Data Types',
    course: 'Coding with Python',
    sections: [
      {
        heading: 'Variables',
        paragraphs: [
          'A variable is a name for a value. "age = 14" stores 14 under the name age; "age = age + 1" replaces it with 15.',
          'Names may contain letters, digits and underscores, must not start with a digit, and must not be a keyword: student_name is fine; 2name, student-name and class are not.',
          'Comments start with # and are ignored by Python. Use them to say why the code does something.',
        ],
      },
      {
        heading: 'Data types',
        paragraphs: [
          'int: whole numbers (14). float: numbers with a decimal point (3.5). str: text in quotes ("India"). bool: True or False. list: [1, 2, 3].',
          'type(3.5) tells you the type of a value. len("India") gives the length of a string: 5.',
          '"5" + "3" joins two strings into "53"; 5 + 3 adds two numbers to make 8. int("42") + 1 converts the text first and gives 43.',
          'input() always returns a string: convert it with int() or float() before doing arithmetic.',
          'Integer division and remainder: 7 // 2 is 3 and 7 % 3 is 1.',
        ],
      },
    ],
  },
  {
    asset: 'geography-of-india.pdf',
    title: 'Geography of India',
    course: 'India and the World: General Knowledge',
    sections: [
      {
        heading: 'Land and states',
        paragraphs: [
          'India has 28 states and 8 union territories. New Delhi is the capital. Rajasthan is the largest state by area.',
          'The Tropic of Cancer passes through the middle of the country. Kanyakumari stands at the southern tip of the mainland.',
          'The Himalayas guard the north; the Thar Desert lies in the north-west; the Western and Eastern Ghats run along the two coasts. Anamudi, in the Western Ghats of Kerala, is the highest peak of South India.',
          'The Lakshadweep islands lie in the Arabian Sea; the Andaman and Nicobar Islands lie in the Bay of Bengal.',
        ],
      },
      {
        heading: 'Rivers and climate',
        paragraphs: [
          'The Ganga is the longest river flowing within India. The Godavari, the longest river of the peninsula, is called the Dakshin Ganga.',
          "The south-west monsoon (June to September) brings most of the country's rain; the north-east monsoon waters Tamil Nadu in winter.",
          'Kerala, with its backwaters, beaches and hills, is known as "God\'s Own Country".',
        ],
      },
    ],
  },
];
