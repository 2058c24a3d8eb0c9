import { DEMO_VIDEO_ASSET, q, type SeedTopic } from './types.ts';

export const speedVelocityAcceleration: SeedTopic = {
  name: 'Speed, Velocity and Acceleration',
  about: 'Distance and displacement, speed and velocity, acceleration, and reading motion graphs.',
  file: { type: 'youtube', url: 'https://www.youtube.com/embed/ZM8ECpBuQYE' },
  questions: [
    q('A car travels 150 km in 3 hours. What is its average speed?', '50 km/h', ['45 km/h', '450 km/h', '153 km/h']),
    q('What is the SI unit of velocity?', 'm/s', ['m/s²', 'km', 'N']),
    q('Acceleration is the rate of change of …', 'velocity', ['distance', 'mass', 'temperature']),
    q('What is the SI unit of acceleration?', 'm/s²', ['m/s', 'kg·m', 'J/s']),
    q('A body starting from rest reaches 20 m/s in 4 s. What is its acceleration?', '5 m/s²', [
      '80 m/s²',
      '4 m/s²',
      '16 m/s²',
    ]),
    q('The slope of a distance–time graph gives the …', 'speed', ['acceleration', 'displacement', 'force']),
    q('The area under a velocity–time graph gives the …', 'displacement', ['acceleration', 'speed', 'force']),
    q('A runner completes one full lap of a 400 m circular track. What is her displacement?', '0 m', [
      '400 m',
      '200 m',
      '800 m',
    ]),
    q('In uniform circular motion the speed stays the same, but …', 'the direction of the velocity keeps changing', [
      'the speed keeps increasing',
      'the velocity stays constant',
      'the body is at rest',
    ]),
    q('What is 72 km/h in metres per second?', '20 m/s', ['72 m/s', '7.2 m/s', '36 m/s']),
    q('A car moving at 10 m/s accelerates at 2 m/s² for 5 s. What is its final velocity?', '20 m/s', [
      '12 m/s',
      '15 m/s',
      '50 m/s',
    ]),
    q('What is negative acceleration (slowing down) also called?', 'Retardation', ['Inertia', 'Momentum', 'Friction']),
  ],
};

export const newtonsLaws: SeedTopic = {
  name: "Newton's Laws of Motion",
  about: 'Inertia, force and acceleration, action and reaction, and momentum.',
  file: { type: 'pdf', asset: 'newtons-laws.pdf' },
  questions: [
    q("Newton's first law of motion is also called the law of …", 'inertia', [
      'gravitation',
      'acceleration',
      'reflection',
    ]),
    q("Which equation states Newton's second law?", 'F = m × a', ['F = m ÷ a', 'F = m + a', 'F = a ÷ m']),
    q('What is the SI unit of force?', 'Newton', ['Joule', 'Watt', 'Pascal']),
    q('What force is needed to give a 5 kg mass an acceleration of 2 m/s²?', '10 N', ['2.5 N', '7 N', '3 N']),
    q("Newton's third law says that every action has …", 'an equal and opposite reaction', [
      'a smaller reaction',
      'a reaction in the same direction',
      'no reaction',
    ]),
    q('Momentum is equal to …', 'mass × velocity', ['mass × acceleration', 'mass ÷ velocity', 'force × distance']),
    q('Why do standing passengers lurch forward when a bus brakes suddenly?', 'Because of the inertia of motion', [
      'Because of the inertia of rest',
      'Because gravity pulls them forward',
      'Because the air pushes them',
    ]),
    q('A rocket rises because of which law?', "Newton's third law", [
      "Newton's first law",
      'The law of conservation of mass',
      "Hooke's law",
    ]),
    q('What is the momentum of a 10 kg mass moving at 3 m/s?', '30 kg·m/s', ['13 kg·m/s', '3.33 kg·m/s', '300 kg·m/s']),
    q('The more mass a body has, the greater its …', 'inertia', [
      'speed',
      'acceleration under the same force',
      'temperature',
    ]),
    q('An unbalanced force acting on a body makes it …', 'accelerate', [
      'stay at rest',
      'move at a constant velocity',
      'lose mass',
    ]),
    q('One newton is equal to …', '1 kg·m/s²', ['1 kg·m/s', '1 g·cm/s²', '1 kg/m²']),
    q('A gun recoils when it is fired. Which law explains this?', "Newton's third law", [
      "Newton's first law",
      'The law of gravitation',
      "Ohm's law",
    ]),
  ],
};

export const workEnergyPower: SeedTopic = {
  name: 'Work, Energy and Power',
  about: 'Work done by a force, kinetic and potential energy, conservation of energy, and power.',
  file: { type: 'video', asset: DEMO_VIDEO_ASSET },
  questions: [
    q('A force of 10 N moves an object 5 m in its own direction. How much work is done?', '50 J', [
      '2 J',
      '15 J',
      '0.5 J',
    ]),
    q('What is the SI unit of power?', 'Watt', ['Joule', 'Newton', 'Pascal']),
    q('Which formula gives kinetic energy?', '½mv²', ['mgh', 'mv', '½mv']),
    q('What is the potential energy of a 2 kg mass 10 m above the ground? (g = 10 m/s²)', '200 J', [
      '20 J',
      '100 J',
      '2000 J',
    ]),
    q('Power is equal to …', 'work ÷ time', ['work × time', 'force × mass', 'energy × distance']),
    q('How many joules are there in one kilowatt-hour?', '3.6 × 10⁶ J', ['1000 J', '3600 J', '3.6 × 10³ J']),
    q('How much work does a person standing still do on the heavy bag she holds?', 'Zero work', [
      'Positive work',
      'Negative work',
      "Work equal to the bag's weight",
    ]),
    q('"Energy can neither be created nor destroyed" is the law of …', 'conservation of energy', [
      'inertia',
      'gravitation',
      'reflection',
    ]),
    q('As a ball falls freely, its potential energy turns into …', 'kinetic energy', [
      'chemical energy',
      'nuclear energy',
      'magnetic energy',
    ]),
    q('If the speed of a body doubles, its kinetic energy becomes …', 'four times as large', [
      'twice as large',
      'half as large',
      'unchanged',
    ]),
    q('A machine does 600 J of work in 10 s. What is its power?', '60 W', ['6000 W', '610 W', '6 W']),
    q('What kind of energy does a stretched rubber band store?', 'Elastic potential energy', [
      'Kinetic energy',
      'Light energy',
      'Sound energy',
    ]),
  ],
};

export const electricityAndCircuits: SeedTopic = {
  name: 'Electricity and Circuits',
  about: "Current, voltage and resistance, Ohm's law, series and parallel circuits, and electrical energy at home.",
  file: { type: 'link', url: 'https://en.wikipedia.org/wiki/Electrical_network' },
  questions: [
    q('What is the SI unit of electric current?', 'Ampere', ['Volt', 'Ohm', 'Watt']),
    q("Ohm's law states that V equals …", 'I × R', ['I ÷ R', 'R ÷ I', 'I + R']),
    q('A current of 2 A flows through a 10 Ω resistor. What is the voltage across it?', '20 V', [
      '5 V',
      '12 V',
      '0.2 V',
    ]),
    q('Which instrument measures electric current?', 'Ammeter', ['Voltmeter', 'Barometer', 'Thermometer']),
    q('How is a voltmeter connected to the part of a circuit it measures?', 'In parallel', [
      'In series',
      'It is not connected',
      'Only to the battery',
    ]),
    q('What is the total resistance of two 4 Ω resistors in series?', '8 Ω', ['2 Ω', '4 Ω', '16 Ω']),
    q('What is the total resistance of two 4 Ω resistors in parallel?', '2 Ω', ['8 Ω', '4 Ω', '16 Ω']),
    q('Electric power is equal to …', 'V × I', ['V ÷ I', 'I² ÷ R', 'V + I']),
    q('Which of these is a good conductor of electricity?', 'Copper', ['Rubber', 'Glass', 'Dry wood']),
    q('What is the flow of electric charge called?', 'Electric current', ['Voltage', 'Resistance', 'Power']),
    q('A fuse protects a circuit using the …', 'heating effect of current', [
      'magnetic effect of current',
      'chemical effect of current',
      'lighting effect of current',
    ]),
    q('How much energy does a 100 W bulb use in 10 hours?', '1 kWh', ['10 kWh', '100 kWh', '0.1 kWh']),
    q('What is the household electricity supply in India?', '220 V AC at 50 Hz', [
      '110 V DC',
      '220 V DC',
      '110 V AC at 60 Hz',
    ]),
  ],
};

export const theCell: SeedTopic = {
  name: 'The Cell',
  about: 'The cell as the unit of life: its parts, plant and animal cells, and prokaryotes and eukaryotes.',
  file: { type: 'pdf', asset: 'the-cell.pdf' },
  questions: [
    q('What is the basic structural and functional unit of life?', 'The cell', ['The tissue', 'The organ', 'The atom']),
    q('Which organelle is called the powerhouse of the cell?', 'Mitochondrion', [
      'Nucleus',
      'Ribosome',
      'Golgi apparatus',
    ]),
    q('Who first observed and named cells, in 1665?', 'Robert Hooke', [
      'Charles Darwin',
      'Gregor Mendel',
      'Louis Pasteur',
    ]),
    q('Which part do plant cells have that animal cells lack?', 'A cell wall', [
      'A cell membrane',
      'A nucleus',
      'Cytoplasm',
    ]),
    q('Where is chlorophyll found in a plant cell?', 'In the chloroplasts', [
      'In the mitochondria',
      'In the lysosomes',
      'In the nucleus',
    ]),
    q('Where are proteins made in the cell?', 'On the ribosomes', [
      'In the lysosomes',
      'In the vacuole',
      'In the cell wall',
    ]),
    q('Which organelles are known as the suicide bags of the cell?', 'Lysosomes', [
      'Ribosomes',
      'Plastids',
      'Centrosomes',
    ]),
    q('What are cells without a well-defined nucleus called?', 'Prokaryotic cells', [
      'Eukaryotic cells',
      'Plant cells',
      'Nerve cells',
    ]),
    q('Which part of the cell contains the DNA and controls its activities?', 'The nucleus', [
      'The cytoplasm',
      'The cell wall',
      'The vacuole',
    ]),
    q('What is the plant cell wall mainly made of?', 'Cellulose', ['Chitin', 'Keratin', 'Haemoglobin']),
    q('Which cells carry oxygen in human blood?', 'Red blood cells', ['White blood cells', 'Platelets', 'Nerve cells']),
    q('What is the selectively permeable outer boundary of an animal cell?', 'The plasma membrane', [
      'The cell wall',
      'The nuclear membrane',
      'The cytoplasm',
    ]),
    q('Which of these is a unicellular organism?', 'Amoeba', ['Frog', 'Mango tree', 'Earthworm']),
  ],
};

export const humanBodySystems: SeedTopic = {
  name: 'Human Body Systems',
  about: 'How the circulatory, respiratory, digestive, excretory and nervous systems keep us alive.',
  file: { type: 'video', asset: DEMO_VIDEO_ASSET },
  questions: [
    q('Which organ pumps blood around the body?', 'The heart', ['The lungs', 'The liver', 'The kidneys']),
    q('Where does the exchange of oxygen and carbon dioxide take place?', 'In the alveoli of the lungs', [
      'In the trachea',
      'In the stomach',
      'In the nasal cavity',
    ]),
    q('Which organs filter the blood to make urine?', 'The kidneys', ['The liver', 'The heart', 'The pancreas']),
    q('What is the largest organ of the human body?', 'The skin', ['The liver', 'The brain', 'The heart']),
    q('What is the normal temperature of the human body?', 'About 37 °C', [
      'About 27 °C',
      'About 40 °C',
      'About 98 °C',
    ]),
    q('How many bones does an adult human skeleton have?', '206', ['300', '186', '212']),
    q('Where does the digestion of food begin?', 'In the mouth', [
      'In the stomach',
      'In the small intestine',
      'In the large intestine',
    ]),
    q('Which organ makes insulin?', 'The pancreas', ['The liver', 'The thyroid', 'The kidneys']),
    q('Which blood vessels carry blood away from the heart?', 'Arteries', ['Veins', 'Capillaries', 'Lymph vessels']),
    q('Which part of the brain keeps the body balanced?', 'The cerebellum', [
      'The cerebrum',
      'The medulla',
      'The spinal cord',
    ]),
    q('Which pigment in red blood cells carries oxygen?', 'Haemoglobin', ['Chlorophyll', 'Melanin', 'Keratin']),
    q('Where are most nutrients absorbed into the blood?', 'In the small intestine', [
      'In the stomach',
      'In the large intestine',
      'In the oesophagus',
    ]),
    q('Which vitamin does the skin make in sunlight?', 'Vitamin D', ['Vitamin C', 'Vitamin A', 'Vitamin B12']),
  ],
};

export const photosynthesis: SeedTopic = {
  name: 'Photosynthesis',
  about: 'How green plants use sunlight, water and carbon dioxide to make food, and where it happens.',
  file: { type: 'youtube', url: 'https://www.youtube.com/embed/sQK3Yr4Sc_k' },
  questions: [
    q('Which gas do plants take in for photosynthesis?', 'Carbon dioxide', ['Oxygen', 'Nitrogen', 'Hydrogen']),
    q('Which gas is released during photosynthesis?', 'Oxygen', ['Carbon dioxide', 'Nitrogen', 'Methane']),
    q('Which pigment captures light energy in leaves?', 'Chlorophyll', ['Haemoglobin', 'Melanin', 'Bilirubin']),
    q('What food does a leaf make during photosynthesis?', 'Glucose', ['Protein', 'Fat', 'Salt']),
    q('In which organelle does photosynthesis take place?', 'Chloroplast', ['Mitochondrion', 'Nucleus', 'Ribosome']),
    q('What are the tiny pores on leaves through which gases pass called?', 'Stomata', [
      'Xylem',
      'Root hairs',
      'Phloem',
    ]),
    q('Where does the energy for photosynthesis come from?', 'Sunlight', ['The soil', 'Water', 'Wind']),
    q('Which tissue carries water from the roots to the leaves?', 'Xylem', ['Phloem', 'Stomata', 'Cambium']),
    q('Complete the equation: 6CO₂ + 6H₂O + light → …', 'C₆H₁₂O₆ + 6O₂', ['C₆H₁₂O₆ + 6CO₂', '6O₂ only', 'CH₄ + O₂']),
    q('Where in the chloroplast do the light reactions take place?', 'In the thylakoid membranes', [
      'In the stroma',
      'In the cell wall',
      'In the cytoplasm',
    ]),
    q('What does the Calvin cycle fix into sugar?', 'Carbon dioxide', ['Oxygen', 'Nitrogen', 'Water vapour']),
    q('What are organisms that make their own food called?', 'Autotrophs', [
      'Heterotrophs',
      'Decomposers',
      'Parasites',
    ]),
    q('In what form do plants store the glucose they make?', 'Starch', ['Glycogen', 'Protein', 'Fat']),
  ],
};

export const ecosystemsAndFoodChains: SeedTopic = {
  name: 'Ecosystems and Food Chains',
  about: 'Producers, consumers and decomposers, food chains and webs, and how energy flows through an ecosystem.',
  file: { type: 'link', url: 'https://en.wikipedia.org/wiki/Food_chain' },
  questions: [
    q('What are green plants called in a food chain?', 'Producers', ['Consumers', 'Decomposers', 'Predators']),
    q('What are herbivores in a food chain?', 'Primary consumers', ['Producers', 'Tertiary consumers', 'Decomposers']),
    q('Which organisms break down dead plants and animals?', 'Decomposers such as bacteria and fungi', [
      'Producers',
      'Herbivores',
      'Carnivores',
    ]),
    q('In the chain grass → grasshopper → frog → snake, what is the frog?', 'A secondary consumer', [
      'A primary consumer',
      'A producer',
      'A decomposer',
    ]),
    q('Roughly what share of energy passes from one trophic level to the next?', '10%', ['50%', '90%', '100%']),
    q('What is the ultimate source of energy for most ecosystems?', 'The Sun', ['The soil', 'Water', 'Decomposers']),
    q('What do many interconnected food chains form?', 'A food web', ['A biome', 'A habitat', 'An ecological niche']),
    q('Which of these is an abiotic (non-living) component of an ecosystem?', 'Temperature', [
      'Grass',
      'Deer',
      'Mushroom',
    ]),
    q('What is an animal that eats both plants and animals called?', 'An omnivore', [
      'A herbivore',
      'A carnivore',
      'A producer',
    ]),
    q('What is the build-up of harmful chemicals at higher trophic levels called?', 'Biological magnification', [
      'Photosynthesis',
      'Transpiration',
      'Decomposition',
    ]),
    q('A pond, a forest and a desert are all examples of …', 'ecosystems', ['organisms', 'cells', 'food chains']),
    q('Which of these animals is a carnivore?', 'Tiger', ['Cow', 'Deer', 'Rabbit']),
    q('How many trophic levels are there in grass → deer → tiger?', '3', ['2', '4', '1']),
  ],
};
