import { DEMO_VIDEO_ASSET, q, type SeedTopic } from './types.ts';

export const partsOfSpeech: SeedTopic = {
  name: 'Parts of Speech',
  about: 'Nouns, pronouns, verbs, adjectives, adverbs, prepositions, conjunctions and interjections.',
  file: { type: 'youtube', url: 'https://www.youtube.com/embed/RPoBE-E8VOc' },
  questions: [
    q('In "The dog barked loudly", which word is an adverb?', 'loudly', ['dog', 'barked', 'The']),
    q('Which of these words is a noun?', 'happiness', ['quickly', 'beautiful', 'run']),
    q('What are the words "and", "but" and "or"?', 'Conjunctions', ['Prepositions', 'Pronouns', 'Adjectives']),
    q('In "She is tall", what part of speech is "She"?', 'Pronoun', ['Noun', 'Verb', 'Adjective']),
    q('What do we call a word that describes a noun?', 'An adjective', ['An adverb', 'A verb', 'A conjunction']),
    q('Which word is the preposition in "The book is on the table"?', 'on', ['book', 'is', 'table']),
    q('In "Wow! That was amazing.", what part of speech is "Wow"?', 'Interjection', [
      'Adverb',
      'Conjunction',
      'Article',
    ]),
    q('Which part of speech shows an action or a state of being?', 'Verb', ['Noun', 'Adjective', 'Preposition']),
    q('In "I was tired, so I slept early", what part of speech is "so"?', 'Conjunction', [
      'Preposition',
      'Pronoun',
      'Adjective',
    ]),
    q('What are "a", "an" and "the" called?', 'Articles', ['Conjunctions', 'Pronouns', 'Interjections']),
    q('Which of these is a proper noun?', 'Mumbai', ['city', 'river', 'teacher']),
    q('In which sentence is "fast" used as an adverb?', 'He runs fast.', [
      'He is a fast runner.',
      'This is a fast train.',
      'Fast food is not healthy.',
    ]),
    q('Which of these is a collective noun?', 'flock', ['bird', 'sky', 'quickly']),
  ],
};

export const tenses: SeedTopic = {
  name: 'Tenses',
  about: 'The present, past and future tenses in their simple, continuous, perfect and perfect continuous forms.',
  file: { type: 'pdf', asset: 'tenses.pdf' },
  questions: [
    q('Choose the right verb: "She ___ to school every day."', 'goes', ['went', 'going', 'gone']),
    q('What is the past tense of "write"?', 'wrote', ['writed', 'written', 'writes']),
    q('Choose the right verb: "They ___ football when it started to rain."', 'were playing', [
      'are playing',
      'play',
      'have played',
    ]),
    q('Which sentence is in the present perfect tense?', 'I have finished my homework.', [
      'I finished my homework yesterday.',
      'I am finishing my homework.',
      'I will finish my homework.',
    ]),
    q('Choose the right verb: "By next year, she ___ her degree."', 'will have completed', [
      'completes',
      'has completed',
      'completed',
    ]),
    q('What is the tense of "He will travel to Delhi tomorrow"?', 'Simple future', [
      'Simple present',
      'Present continuous',
      'Past perfect',
    ]),
    q('Choose the right verb: "The train ___ before we reached the station."', 'had left', [
      'has left',
      'leaves',
      'will leave',
    ]),
    q('What is the past participle of "go"?', 'gone', ['went', 'goes', 'going']),
    q('Choose the right verb: "Water ___ at 100 °C."', 'boils', ['boiled', 'will boiled', 'boiling']),
    q('Choose the right verb: "I ___ in Kochi since 2015."', 'have lived', ['live', 'am living', 'lived']),
    q('What is the tense of "They are watching a film"?', 'Present continuous', [
      'Simple present',
      'Past continuous',
      'Present perfect',
    ]),
    q('Choose the right verb: "If it rains tomorrow, we ___ at home."', 'will stay', [
      'stayed',
      'would stayed',
      'staying',
    ]),
    q('Choose the right verb: "She ___ her keys yesterday."', 'lost', ['loses', 'has lost', 'will lose']),
  ],
};

export const activeAndPassiveVoice: SeedTopic = {
  name: 'Active and Passive Voice',
  about: 'Turning active sentences into the passive voice and back, in every tense.',
  file: { type: 'video', asset: DEMO_VIDEO_ASSET },
  questions: [
    q('What is the passive voice of "The cat chased the mouse"?', 'The mouse was chased by the cat.', [
      'The mouse chased the cat.',
      'The cat was chased by the mouse.',
      'The mouse is chased by the cat.',
    ]),
    q('Which sentence is in the passive voice?', 'The letter was written by Priya.', [
      'Priya wrote the letter.',
      'Priya is writing a letter.',
      'Priya will write a letter.',
    ]),
    q('What is the passive voice of "She sings a song"?', 'A song is sung by her.', [
      'A song was sung by her.',
      'A song is sang by her.',
      'She is sung a song.',
    ]),
    q('In the passive voice, which word of the active sentence becomes the subject?', 'Its object', [
      'Its verb',
      'Its adverb',
      'Its subject stays the same',
    ]),
    q('What is the passive voice of "They will build a bridge"?', 'A bridge will be built by them.', [
      'A bridge will built by them.',
      'A bridge would be built by them.',
      'A bridge is built by them.',
    ]),
    q('What is the active voice of "The window was broken by Ravi"?', 'Ravi broke the window.', [
      'Ravi breaks the window.',
      'The window broke Ravi.',
      'Ravi has broken the window.',
    ]),
    q('What is the passive voice of "Somebody has stolen my bike"?', 'My bike has been stolen.', [
      'My bike was stealing.',
      'My bike has stolen.',
      'My bike is being steal.',
    ]),
    q('The passive voice uses a form of "be" followed by the …', 'past participle', [
      'present participle',
      'infinitive with "to"',
      'base form of the verb',
    ]),
    q('What is the passive voice of "Close the door"?', 'Let the door be closed.', [
      'The door closed.',
      'The door is closing.',
      'Door be close.',
    ]),
    q('Which sentence cannot be changed into the passive voice?', 'The baby slept peacefully.', [
      'Mohan painted the wall.',
      'The teacher praised the students.',
      'Asha bought a new pen.',
    ]),
    q('What is the passive voice of "Is he writing a letter?"', 'Is a letter being written by him?', [
      'Is a letter written by him?',
      'Was a letter being written by him?',
      'Is a letter being wrote by him?',
    ]),
    q('What is the passive voice of "The chef is cooking dinner"?', 'Dinner is being cooked by the chef.', [
      'Dinner is cooked by the chef.',
      'Dinner was being cooked by the chef.',
      'Dinner has cooking by the chef.',
    ]),
  ],
};

export const punctuation: SeedTopic = {
  name: 'Punctuation',
  about: 'Full stops, commas, question and exclamation marks, apostrophes, colons, semicolons and quotation marks.',
  file: { type: 'link', url: 'https://en.wikipedia.org/wiki/Punctuation' },
  questions: [
    q('Which mark ends a direct question?', 'A question mark', ['A full stop', 'A comma', 'A colon']),
    q('Which sentence is punctuated correctly?', "It's raining today.", [
      'Its raining today.',
      "It's raining today",
      "Its' raining today.",
    ]),
    q('In "Riya\'s book", what does the apostrophe show?', 'Possession', ['A plural', 'A question', 'A pause']),
    q('Which mark is used to introduce a list?', 'A colon', [
      'A question mark',
      'An apostrophe',
      'An exclamation mark',
    ]),
    q('Which mark can join two related sentences without a conjunction?', 'A semicolon', [
      'An apostrophe',
      'A hyphen',
      'A question mark',
    ]),
    q('What does an exclamation mark show?', 'Strong feeling or surprise', ['A question', 'Possession', 'A list']),
    q('What are quotation marks used for?', "To show someone's exact words", [
      'To join two words',
      'To end a sentence',
      'To show possession',
    ]),
    q('Which sentence is correct?', "The children's toys are here.", [
      "The childrens' toys are here.",
      'The childrens toys are here.',
      "The children's' toys are here.",
    ]),
    q('Which mark joins the words in "mother-in-law"?', 'A hyphen', ['A comma', 'A colon', 'A semicolon']),
    q('In "I bought apples, bananas and grapes", what do the commas do?', 'Separate the items of a list', [
      'Show possession',
      'End the sentence',
      'Introduce a quotation',
    ]),
    q('Which of these needs a question mark at the end?', 'Where do you live', [
      'I live in Pune',
      'Please close the door',
      'She asked me where I live',
    ]),
    q('Where must a capital letter always be used?', 'At the beginning of a sentence', [
      'After every comma',
      'In the middle of every word',
      'Before every noun',
    ]),
    q('What does the contraction "don\'t" stand for?', 'do not', ['does not', 'did not', 'done not']),
  ],
};
