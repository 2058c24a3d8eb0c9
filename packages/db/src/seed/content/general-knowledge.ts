import { DEMO_VIDEO_ASSET, q, type SeedTopic } from './types.ts';

export const geographyOfIndia: SeedTopic = {
  name: 'Geography of India',
  about: "India's states, rivers, mountains, deserts, coasts and monsoon.",
  file: { type: 'pdf', asset: 'geography-of-india.pdf' },
  questions: [
    q(
      'What is the capital of India?',
      'New Delhi',
      ['Mumbai', 'Kolkata', 'Chennai'],
      'New Delhi has been the capital since 1931; Mumbai is the largest city and the financial capital.',
    ),
    q(
      'Which is the longest river flowing within India?',
      'Ganga',
      ['Yamuna', 'Godavari', 'Narmada'],
      'The Ganga flows about 2,525 km, mostly in India; the Godavari, the second longest, about 1,465 km.',
    ),
    q(
      'Which is the highest peak in South India?',
      'Anamudi',
      ['Doddabetta', 'Mahendragiri', 'Mount Abu'],
      "Anamudi in Kerala's Western Ghats rises to 2,695 m.",
    ),
    q(
      'Which is the largest Indian state by area?',
      'Rajasthan',
      ['Madhya Pradesh', 'Maharashtra', 'Uttar Pradesh'],
      'Rajasthan covers about 3.42 lakh km², a tenth of India; Madhya Pradesh comes second.',
    ),
    q(
      'Which line of latitude passes through the middle of India?',
      'The Tropic of Cancer',
      ['The Equator', 'The Tropic of Capricorn', 'The Arctic Circle'],
      'The Tropic of Cancer (23.5° N) crosses eight states, from Gujarat to Mizoram; the Equator passes south of Sri Lanka.',
    ),
    q(
      'Which desert lies in north-west India?',
      'The Thar Desert',
      ['The Sahara', 'The Gobi', 'The Kalahari'],
      'The Thar, or Great Indian Desert, lies mostly in Rajasthan; the others are in Africa and Asia.',
    ),
    q(
      'Which town is at the southern tip of mainland India?',
      'Kanyakumari',
      ['Chennai', 'Puducherry', 'Kochi'],
      'Kanyakumari in Tamil Nadu is where the Arabian Sea, the Bay of Bengal and the Indian Ocean meet.',
    ),
    q(
      'How many states does India have?',
      '28',
      ['29', '25', '30'],
      'Since Jammu and Kashmir became a union territory in 2019, India has 28 states and 8 union territories.',
    ),
    q(
      'In which sea do the Lakshadweep islands lie?',
      'The Arabian Sea',
      ['The Bay of Bengal', 'The Andaman Sea', 'The Red Sea'],
      'Lakshadweep lies 200 to 440 km off the Kerala coast, in the Arabian Sea; the Andaman and Nicobar Islands are in the Bay of Bengal.',
    ),
    q(
      'The Western Ghats run parallel to which coast?',
      'The west coast',
      ['The east coast', 'The northern border', 'The Himalayan foothills'],
      'The Western Ghats run about 1,600 km along the Arabian Sea coast, from Gujarat to Kerala.',
    ),
    q(
      "Which monsoon brings most of India's rain?",
      'The south-west monsoon',
      ['The north-east monsoon', 'Western disturbances', 'The winter monsoon'],
      'From June to September the south-west monsoon brings about three quarters of the rain India gets in a year.',
    ),
    q(
      'Which state is known as "God\'s Own Country"?',
      'Kerala',
      ['Goa', 'Sikkim', 'Assam'],
      '"God\'s Own Country" is Kerala Tourism\'s slogan, for its backwaters, beaches and hills.',
    ),
    q(
      'Which river is called the "Dakshin Ganga" (Ganga of the South)?',
      'Godavari',
      ['Krishna', 'Kaveri', 'Narmada'],
      'The Godavari is the longest river of peninsular India, flowing from Maharashtra to the Bay of Bengal.',
    ),
  ],
};

export const freedomStruggle: SeedTopic = {
  name: "India's Freedom Struggle",
  about: 'From the revolt of 1857 to independence in 1947 and the Constitution of 1950.',
  file: { type: 'link', url: 'https://en.wikipedia.org/wiki/Indian_independence_movement' },
  questions: [
    q('In which year did India become independent?', '1947', ['1942', '1950', '1857']),
    q('Who led the Dandi March (the Salt Satyagraha)?', 'Mahatma Gandhi', [
      'Jawaharlal Nehru',
      'Subhas Chandra Bose',
      'Bhagat Singh',
    ]),
    q('In which year did the Dandi March take place?', '1930', ['1920', '1942', '1919']),
    q('In which year was the Quit India Movement launched?', '1942', ['1930', '1920', '1947']),
    q('In which city did the Jallianwala Bagh massacre happen?', 'Amritsar', ['Lucknow', 'Delhi', 'Kolkata']),
    q('Who was the first Prime Minister of India?', 'Jawaharlal Nehru', [
      'Sardar Vallabhbhai Patel',
      'Rajendra Prasad',
      'B. R. Ambedkar',
    ]),
    q('Who said "Give me blood, and I will give you freedom"?', 'Subhas Chandra Bose', [
      'Bal Gangadhar Tilak',
      'Bhagat Singh',
      'Lala Lajpat Rai',
    ]),
    q('Who said "Swaraj is my birthright and I shall have it"?', 'Bal Gangadhar Tilak', [
      'Mahatma Gandhi',
      'Gopal Krishna Gokhale',
      'Jawaharlal Nehru',
    ]),
    q('In which year was the Indian National Congress founded?', '1885', ['1857', '1905', '1920']),
    q("Who chaired the Drafting Committee of India's Constitution?", 'B. R. Ambedkar', [
      'Rajendra Prasad',
      'Jawaharlal Nehru',
      'Sardar Vallabhbhai Patel',
    ]),
    q('On which date did the Constitution of India come into force?', '26 January 1950', [
      '15 August 1947',
      '26 November 1949',
      '2 October 1950',
    ]),
    q('Who is known as the Iron Man of India?', 'Sardar Vallabhbhai Patel', [
      'Jawaharlal Nehru',
      'Subhas Chandra Bose',
      'Bal Gangadhar Tilak',
    ]),
    q('Where did the revolt of 1857 begin?', 'Meerut', ['Lahore', 'Madras', 'Bombay']),
  ],
};

export const agriculturalRevolution: SeedTopic = {
  name: 'The Agricultural Revolution',
  about: 'How people moved from hunting and gathering to farming, and what changed when they settled down.',
  file: { type: 'youtube', url: 'https://www.youtube.com/embed/Yocja_N5s1I' },
  questions: [
    q('About when did farming begin in the Fertile Crescent?', 'About 12,000 years ago', [
      'About 1,200 years ago',
      'About 500 years ago',
      'About a million years ago',
    ]),
    q('How did most people live before farming began?', 'As hunter-gatherers', [
      'As factory workers',
      'As city traders',
      'As sailors',
    ]),
    q('Where is the Fertile Crescent?', 'In West Asia (the Middle East)', [
      'In South America',
      'In Australia',
      'In northern Europe',
    ]),
    q('What is the taming of plants and animals by people called?', 'Domestication', [
      'Migration',
      'Industrialisation',
      'Urbanisation',
    ]),
    q('Where were wheat and barley first grown as crops?', 'In the Fertile Crescent', [
      'In Antarctica',
      'In Siberia',
      'In the Sahara',
    ]),
    q('What did farming allow people to do?', 'Settle in permanent villages', [
      'Stop using tools',
      'Live without water',
      'Give up trade',
    ]),
    q('Where was rice first domesticated?', 'In Asia', ['In Europe', 'In Australia', 'In Antarctica']),
    q('Which of these was one of the first animals people domesticated?', 'The dog', [
      'The tiger',
      'The whale',
      'The crocodile',
    ]),
    q('Where was maize (corn) first domesticated?', 'In Mesoamerica (present-day Mexico)', [
      'In Europe',
      'In Australia',
      'In Japan',
    ]),
    q('What did a surplus of food make possible?', 'Some people could take up other work, such as pottery or trade', [
      'Everyone could stop working',
      'Cities disappeared',
      'People went back to hunting',
    ]),
    q('Where is Mehrgarh, one of the earliest farming sites of South Asia?', 'In present-day Pakistan', [
      'In Egypt',
      'In China',
      'In Peru',
    ]),
    q('Which age is linked with the beginning of farming?', 'The Neolithic (New Stone Age)', [
      'The Palaeolithic (Old Stone Age)',
      'The Iron Age',
      'The Industrial Age',
    ]),
    q('What was one drawback of early farming?', 'Relying on a few crops made famine more likely', [
      'Food became unlimited',
      'Nobody fell ill any more',
      'People stopped building houses',
    ]),
  ],
};

export const indiaInSpace: SeedTopic = {
  name: 'India in Space',
  about: "ISRO's satellites and missions, from Aryabhata to Chandrayaan-3, Aditya-L1 and Gaganyaan.",
  file: { type: 'video', asset: DEMO_VIDEO_ASSET },
  questions: [
    q("What is the name of India's space agency?", 'ISRO', ['NASA', 'ESA', 'JAXA']),
    q("What was India's first satellite called?", 'Aryabhata', ['Bhaskara', 'INSAT-1A', 'Chandrayaan-1']),
    q('In which year was Aryabhata launched?', '1975', ['1969', '1980', '1984']),
    q('What is the Mars Orbiter Mission also known as?', 'Mangalyaan', ['Chandrayaan', 'Gaganyaan', 'Aditya']),
    q("Near which part of the Moon did Chandrayaan-3's lander touch down?", 'The south pole region', [
      'The north pole',
      'The equator',
      'The centre of the far side',
    ]),
    q('In which year did Chandrayaan-3 land on the Moon?', '2023', ['2019', '2021', '2008']),
    q('Who was the first Indian to travel to space?', 'Rakesh Sharma', [
      'Kalpana Chawla',
      'Sunita Williams',
      'Vikram Sarabhai',
    ]),
    q('Who is known as the father of the Indian space programme?', 'Vikram Sarabhai', [
      'A. P. J. Abdul Kalam',
      'Homi J. Bhabha',
      'C. V. Raman',
    ]),
    q("What is the name of ISRO's launch centre at Sriharikota?", 'Satish Dhawan Space Centre', [
      'Vikram Sarabhai Space Centre',
      'Kennedy Space Center',
      'Baikonur Cosmodrome',
    ]),
    q('What does the Aditya-L1 mission study?', 'The Sun', ['Mars', 'The Moon', 'Venus']),
    q('What does PSLV stand for?', 'Polar Satellite Launch Vehicle', [
      'Planetary Space Launch Vehicle',
      'Polar Space Landing Vehicle',
      'Primary Satellite Launch Vehicle',
    ]),
    q('What kind of mission is Gaganyaan?', 'A human spaceflight mission', [
      'A Mars rover',
      'A solar observatory',
      'An asteroid sample return',
    ]),
    q('In which year did Mangalyaan enter orbit around Mars?', '2014', ['2013', '2010', '2018']),
  ],
};
