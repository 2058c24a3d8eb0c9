import { DEMO_VIDEO_ASSET, q, type SeedTopic } from './types.ts';

export const fractionsAndDecimals: SeedTopic = {
  name: 'Fractions and Decimals',
  about: 'Equivalent fractions, adding and subtracting fractions, and moving between fractions and decimals.',
  file: { type: 'pdf', asset: 'fractions-and-decimals.pdf' },
  questions: [
    q('What is 3/4 written as a decimal?', '0.75', ['0.34', '0.43', '7.5']),
    q('Which fraction is equivalent to 2/3?', '4/6', ['3/2', '2/6', '4/9']),
    q('What is 1/2 + 1/4?', '3/4', ['2/6', '1/6', '2/4']),
    q('What is 0.6 as a fraction in its simplest form?', '3/5', ['6/100', '2/3', '6/5']),
    q('Which of these numbers is the greatest?', '0.7', ['0.65', '0.07', '0.699']),
    q('What is 2/5 of 10?', '4', ['2', '5', '20']),
    q('What is 0.25 × 100?', '25', ['2.5', '0.025', '250']),
    q('What is 12/18 in its simplest form?', '2/3', ['3/2', '4/9', '1/3']),
    q('What is 5/8 − 1/8?', '1/2', ['4/16', '6/8', '5/64']),
    q('What is the reciprocal of 7/3?', '3/7', ['7/3', '−7/3', '21']),
    q('Which decimal is equal to 1/8?', '0.125', ['0.18', '0.8', '1.8']),
    q('What is 1.5 + 2.75?', '4.25', ['3.25', '4.2', '3.80']),
    q('In the fraction 5/9, what is the number 9 called?', 'The denominator', [
      'The numerator',
      'The quotient',
      'The remainder',
    ]),
  ],
};

export const ratioAndPercentage: SeedTopic = {
  name: 'Ratio, Proportion and Percentage',
  about: 'Comparing quantities with ratios, solving proportions and working with percentages, discounts and marks.',
  file: { type: 'video', asset: DEMO_VIDEO_ASSET },
  questions: [
    q('What is 25% of 80?', '20', ['25', '16', '32']),
    q('What is the ratio 12 : 16 in its simplest form?', '3 : 4', ['4 : 3', '6 : 9', '2 : 3']),
    q('A shirt priced ₹500 is sold at 20% off. What is the sale price?', '₹400', ['₹480', '₹450', '₹380']),
    q('What is 3/5 written as a percentage?', '60%', ['35%', '53%', '30%']),
    q('If 4 pens cost ₹60, how much do 7 pens cost?', '₹105', ['₹90', '₹120', '₹84']),
    q('What is 0.08 written as a percentage?', '8%', ['0.8%', '80%', '0.08%']),
    q('A number increases from 50 to 60. What is the percentage increase?', '20%', ['10%', '16.67%', '25%']),
    q('₹900 is shared in the ratio 2 : 1. What are the two shares?', '₹600 and ₹300', [
      '₹450 and ₹450',
      '₹700 and ₹200',
      '₹500 and ₹400',
    ]),
    q('If a : b = 2 : 3 and b = 12, what is a?', '8', ['6', '18', '9']),
    q('What percentage of 200 is 30?', '15%', ['30%', '20%', '6.67%']),
    q('Which ratio is equivalent to 5 : 2?', '15 : 6', ['2 : 5', '10 : 6', '7 : 4']),
    q('A class has 18 girls and 12 boys. What fraction of the class are boys?', '2/5', ['3/5', '2/3', '1/2']),
    q('Rahul scored 45 marks out of 60. What is his percentage?', '75%', ['45%', '60%', '80%']),
  ],
};

export const introductionToVectors: SeedTopic = {
  name: 'Introduction to Vectors',
  about: "What a vector is, how to add vectors and scale them, and how to find a vector's length.",
  file: { type: 'youtube', url: 'https://www.youtube.com/embed/fNk_zzaMoSs' },
  questions: [
    q('A vector has a magnitude and a …', 'direction', ['mass', 'volume', 'temperature']),
    q('Which of these is a vector quantity?', 'Velocity', ['Speed', 'Mass', 'Time']),
    q('What is the sum of the vectors (2, 3) and (1, 4)?', '(3, 7)', ['(1, −1)', '(2, 12)', '(3, 1)']),
    q('What is the magnitude of the vector (3, 4)?', '5', ['7', '12', '1']),
    q('What is 3 × (2, −1)?', '(6, −3)', ['(5, 2)', '(6, 3)', '(2, −3)']),
    q('Which of these is a scalar quantity?', 'Temperature', ['Displacement', 'Force', 'Acceleration']),
    q('What is (5, 2) − (1, 6)?', '(4, −4)', ['(6, 8)', '(4, 4)', '(−4, 4)']),
    q('What is a vector of magnitude 1 called?', 'A unit vector', ['A zero vector', 'A position vector', 'A scalar']),
    q('What is the vector (0, 0) called?', 'The zero vector', [
      'A unit vector',
      'The identity matrix',
      'A basis vector',
    ]),
    q('Two vectors are equal when they have the same …', 'magnitude and direction', [
      'starting point only',
      'magnitude only',
      'direction only',
    ]),
    q('In the plane, the unit vectors î and ĵ point along …', 'the x-axis and the y-axis', [
      'the y-axis and the z-axis',
      'the line y = x',
      'opposite directions of the x-axis',
    ]),
    q('What is the negative of the vector (−2, 5)?', '(2, −5)', ['(−2, −5)', '(2, 5)', '(5, −2)']),
  ],
};

export const areaAndPerimeter: SeedTopic = {
  name: 'Area and Perimeter',
  about: 'Perimeter and area of rectangles, squares, triangles, parallelograms and circles, with units.',
  file: { type: 'link', url: 'https://en.wikipedia.org/wiki/Area' },
  questions: [
    q('What is the area of a rectangle 8 cm long and 5 cm wide?', '40 cm²', ['26 cm²', '13 cm²', '80 cm²']),
    q('What is the perimeter of a square with sides of 6 cm?', '24 cm', ['36 cm', '12 cm', '18 cm']),
    q('What is the area of a triangle with base 10 cm and height 6 cm?', '30 cm²', ['60 cm²', '16 cm²', '15 cm²']),
    q('What is the circumference of a circle of radius 7 cm? (Take π = 22/7.)', '44 cm', ['22 cm', '154 cm', '49 cm']),
    q('What is the area of a circle of radius 7 cm? (Take π = 22/7.)', '154 cm²', ['44 cm²', '49 cm²', '308 cm²']),
    q('A square has an area of 49 m². How long is each side?', '7 m', ['14 m', '12.25 m', '24.5 m']),
    q('What is the perimeter of a rectangle 12 m long and 4 m wide?', '32 m', ['48 m', '16 m', '28 m']),
    q('Which unit measures area?', 'Square metres', ['Metres', 'Cubic metres', 'Litres']),
    q('What is the area of a parallelogram with base 9 cm and height 4 cm?', '36 cm²', ['18 cm²', '26 cm²', '13 cm²']),
    q('How many square centimetres make one square metre?', '10,000', ['100', '1,000', '1,00,000']),
    q('A rectangular garden is 20 m by 15 m. How much fencing goes all the way round it?', '70 m', [
      '300 m',
      '35 m',
      '140 m',
    ]),
    q('What is the area of a square with sides of 2.5 cm?', '6.25 cm²', ['10 cm²', '5 cm²', '6.5 cm²']),
  ],
};

export const quadraticEquations: SeedTopic = {
  name: 'Quadratic Equations',
  about: 'Standard form, solving by factorisation and by the quadratic formula, and the nature of the roots.',
  file: { type: 'pdf', asset: 'quadratic-equations.pdf' },
  questions: [
    q('Which of these is a quadratic equation?', 'x² − 5x + 6 = 0', ['2x + 3 = 0', 'x³ − 1 = 0', '√x + 2 = 0']),
    q('What are the roots of x² − 5x + 6 = 0?', '2 and 3', ['−2 and −3', '1 and 6', '−1 and 6']),
    q('What is the discriminant of ax² + bx + c = 0?', 'b² − 4ac', ['b² + 4ac', '4ac − b²', '−b/2a']),
    q('If the discriminant is negative, the equation has …', 'no real roots', [
      'two equal real roots',
      'two distinct real roots',
      'one root equal to zero',
    ]),
    q('What is the sum of the roots of x² − 7x + 10 = 0?', '7', ['−7', '10', '3']),
    q('What is the product of the roots of 2x² + 3x − 8 = 0?', '−4', ['4', '−3/2', '8']),
    q('What are the roots of x² − 16 = 0?', '4 and −4', ['16 and −16', '8 and −8', '4 only']),
    q('Which is the quadratic formula?', 'x = (−b ± √(b² − 4ac)) / 2a', [
      'x = (b ± √(b² − 4ac)) / 2a',
      'x = (−b ± √(b² + 4ac)) / 2a',
      'x = (−b ± √(b² − 4ac)) / a',
    ]),
    q('For which positive value of k does x² + kx + 9 = 0 have two equal roots?', '6', ['3', '9', '18']),
    q('What is the nature of the roots of x² + 2x + 5 = 0?', 'No real roots', [
      'Two equal real roots',
      'Two distinct rational roots',
      'Two distinct irrational roots',
    ]),
    q('Which number is a root of x² + x − 12 = 0?', '3', ['4', '−3', '2']),
    q('What is the degree of a quadratic polynomial?', '2', ['1', '3', '0']),
    q('What is the nature of the roots of x² − 6x + 9 = 0?', 'Two equal real roots', [
      'No real roots',
      'Two distinct real roots',
      'Infinitely many roots',
    ]),
  ],
};

export const introductionToTrigonometry: SeedTopic = {
  name: 'Introduction to Trigonometry',
  about:
    'The trigonometric ratios of an acute angle, their values at 0°, 30°, 45°, 60° and 90°, and the basic identities.',
  file: { type: 'link', url: 'https://en.wikipedia.org/wiki/Trigonometry' },
  questions: [
    q('In a right triangle, sin θ equals …', 'opposite side ÷ hypotenuse', [
      'adjacent side ÷ hypotenuse',
      'opposite side ÷ adjacent side',
      'hypotenuse ÷ opposite side',
    ]),
    q('What is the value of cos 60°?', '1/2', ['√3/2', '1', '0']),
    q('What is the value of tan 45°?', '1', ['0', '√3', '1/√3']),
    q('What is the value of sin 90°?', '1', ['0', '1/2', 'Not defined']),
    q('sin² θ + cos² θ equals …', '1', ['0', '2', 'tan² θ']),
    q('If sin θ = 3/5 and θ is acute, what is cos θ?', '4/5', ['3/4', '5/3', '2/5']),
    q('tan θ is equal to …', 'sin θ ÷ cos θ', ['cos θ ÷ sin θ', '1 ÷ sin θ', 'sin θ × cos θ']),
    q('sec θ is the reciprocal of …', 'cos θ', ['sin θ', 'tan θ', 'cot θ']),
    q('What is the value of sin 30°?', '1/2', ['√3/2', '1/√2', '1']),
    q('What is the value of cos 0°?', '1', ['0', '1/2', 'Not defined']),
    q('A kite string 100 m long makes an angle of 30° with the ground. How high is the kite?', '50 m', [
      '100 m',
      '50√3 m',
      '25 m',
    ]),
    q('1 + tan² θ equals …', 'sec² θ', ['cosec² θ', 'cot² θ', 'sin² θ']),
    q('sin (90° − θ) equals …', 'cos θ', ['sin θ', 'tan θ', '−cos θ']),
  ],
};
