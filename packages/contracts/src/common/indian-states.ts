/**
 * India's states and union territories with their GST state codes (the first two digits of a GSTIN),
 * as the GST portal lists them. The code is the place of supply printed on a tax invoice.
 * 25 (Daman and Diu) was merged into 26 in 2020 and 28 (Andhra Pradesh before 2014) is no longer
 * issued; neither is listed. 97 is "Other Territory" (offshore areas), 99 the Centre's jurisdiction.
 */
export interface IndianState {
  /** Two digits, e.g. '32'. */
  code: string;
  name: string;
  /** Other spellings people type in a profile (matched like the name). */
  aliases: readonly string[];
  /**
   * The two-letter abbreviations people write for it: the vehicle registration code (MH, KA, TS and Telangana's newer
   * TG, OD, CG…) and the older codes still in use (OR, CT, DN for Dadra and Nagar Haveli). Matched like the name.
   * Uttarakhand's ISO code UT is left out: people write 'UT' for any union territory.
   */
  abbreviations: readonly string[];
  /** The names in Hindi and in Malayalam, as a learner typing in the app's language writes them (matched too). */
  hi: readonly string[];
  ml: readonly string[];
  kind: 'state' | 'union-territory';
}

export const INDIAN_STATES: readonly IndianState[] = [
  {
    code: '01',
    name: 'Jammu and Kashmir',
    kind: 'union-territory',
    aliases: ['J&K', 'Jammu Kashmir'],
    abbreviations: ['JK'],
    hi: ['जम्मू और कश्मीर', 'जम्मू-कश्मीर'],
    ml: ['ജമ്മു കശ്മീർ', 'ജമ്മു ആൻഡ് കശ്മീർ'],
  },
  {
    code: '02',
    name: 'Himachal Pradesh',
    kind: 'state',
    aliases: [],
    abbreviations: ['HP'],
    hi: ['हिमाचल प्रदेश'],
    ml: ['ഹിമാചൽ പ്രദേശ്'],
  },
  { code: '03', name: 'Punjab', kind: 'state', aliases: [], abbreviations: ['PB'], hi: ['पंजाब'], ml: ['പഞ്ചാബ്'] },
  {
    code: '04',
    name: 'Chandigarh',
    kind: 'union-territory',
    aliases: [],
    abbreviations: ['CH'],
    hi: ['चंडीगढ़'],
    ml: ['ചണ്ഡീഗഢ്', 'ചണ്ഡിഗഡ്'],
  },
  {
    code: '05',
    name: 'Uttarakhand',
    kind: 'state',
    aliases: ['Uttaranchal'],
    abbreviations: ['UK'],
    hi: ['उत्तराखंड', 'उत्तराखण्ड'],
    ml: ['ഉത്തരാഖണ്ഡ്'],
  },
  { code: '06', name: 'Haryana', kind: 'state', aliases: [], abbreviations: ['HR'], hi: ['हरियाणा'], ml: ['ഹരിയാന'] },
  {
    code: '07',
    name: 'Delhi',
    kind: 'union-territory',
    aliases: ['New Delhi', 'NCT of Delhi', 'National Capital Territory of Delhi'],
    abbreviations: ['DL'],
    hi: ['दिल्ली', 'नई दिल्ली'],
    ml: ['ഡൽഹി', 'ന്യൂ ഡൽഹി'],
  },
  {
    code: '08',
    name: 'Rajasthan',
    kind: 'state',
    aliases: [],
    abbreviations: ['RJ'],
    hi: ['राजस्थान'],
    ml: ['രാജസ്ഥാൻ'],
  },
  {
    code: '09',
    name: 'Uttar Pradesh',
    kind: 'state',
    aliases: [],
    abbreviations: ['UP'],
    hi: ['उत्तर प्रदेश'],
    ml: ['ഉത്തർ പ്രദേശ്'],
  },
  { code: '10', name: 'Bihar', kind: 'state', aliases: [], abbreviations: ['BR'], hi: ['बिहार'], ml: ['ബിഹാർ'] },
  { code: '11', name: 'Sikkim', kind: 'state', aliases: [], abbreviations: ['SK'], hi: ['सिक्किम'], ml: ['സിക്കിം'] },
  {
    code: '12',
    name: 'Arunachal Pradesh',
    kind: 'state',
    aliases: [],
    abbreviations: ['AR'],
    hi: ['अरुणाचल प्रदेश'],
    ml: ['അരുണാചൽ പ്രദേശ്'],
  },
  {
    code: '13',
    name: 'Nagaland',
    kind: 'state',
    aliases: [],
    abbreviations: ['NL'],
    hi: ['नागालैंड', 'नगालैंड'],
    ml: ['നാഗാലാൻഡ്'],
  },
  { code: '14', name: 'Manipur', kind: 'state', aliases: [], abbreviations: ['MN'], hi: ['मणिपुर'], ml: ['മണിപ്പൂർ'] },
  {
    code: '15',
    name: 'Mizoram',
    kind: 'state',
    aliases: [],
    abbreviations: ['MZ'],
    hi: ['मिज़ोरम', 'मिजोरम'],
    ml: ['മിസോറം'],
  },
  { code: '16', name: 'Tripura', kind: 'state', aliases: [], abbreviations: ['TR'], hi: ['त्रिपुरा'], ml: ['ത്രിപുര'] },
  { code: '17', name: 'Meghalaya', kind: 'state', aliases: [], abbreviations: ['ML'], hi: ['मेघालय'], ml: ['മേഘാലയ'] },
  { code: '18', name: 'Assam', kind: 'state', aliases: [], abbreviations: ['AS'], hi: ['असम'], ml: ['അസം'] },
  {
    code: '19',
    name: 'West Bengal',
    kind: 'state',
    aliases: [],
    abbreviations: ['WB'],
    hi: ['पश्चिम बंगाल'],
    ml: ['പശ്ചിമ ബംഗാൾ'],
  },
  {
    code: '20',
    name: 'Jharkhand',
    kind: 'state',
    aliases: [],
    abbreviations: ['JH'],
    hi: ['झारखंड', 'झारखण्ड'],
    ml: ['ഝാർഖണ്ഡ്', 'ജാർഖണ്ഡ്'],
  },
  {
    code: '21',
    name: 'Odisha',
    kind: 'state',
    aliases: ['Orissa'],
    abbreviations: ['OD', 'OR'],
    hi: ['ओडिशा', 'उड़ीसा'],
    ml: ['ഒഡീഷ'],
  },
  {
    code: '22',
    name: 'Chhattisgarh',
    kind: 'state',
    aliases: ['Chattisgarh'],
    abbreviations: ['CG', 'CT'],
    hi: ['छत्तीसगढ़'],
    ml: ['ഛത്തീസ്ഗഢ്'],
  },
  {
    code: '23',
    name: 'Madhya Pradesh',
    kind: 'state',
    aliases: [],
    abbreviations: ['MP'],
    hi: ['मध्य प्रदेश'],
    ml: ['മധ്യപ്രദേശ്'],
  },
  { code: '24', name: 'Gujarat', kind: 'state', aliases: [], abbreviations: ['GJ'], hi: ['गुजरात'], ml: ['ഗുജറാത്ത്'] },
  {
    code: '26',
    name: 'Dadra and Nagar Haveli and Daman and Diu',
    kind: 'union-territory',
    aliases: ['Dadra and Nagar Haveli', 'Daman and Diu', 'Daman', 'Diu', 'Silvassa'],
    abbreviations: ['DD', 'DN'],
    hi: ['दादरा और नगर हवेली और दमन और दीव', 'दादरा और नगर हवेली', 'दमन और दीव'],
    ml: ['ദാദ്ര ആൻഡ് നഗർ ഹവേലി ആൻഡ് ദാമൻ ആൻഡ് ദിയു', 'ദാദ്ര നഗർ ഹവേലി', 'ദാമൻ ദിയു'],
  },
  {
    code: '27',
    name: 'Maharashtra',
    kind: 'state',
    aliases: ['Maharastra'],
    abbreviations: ['MH'],
    hi: ['महाराष्ट्र'],
    ml: ['മഹാരാഷ്ട്ര'],
  },
  { code: '29', name: 'Karnataka', kind: 'state', aliases: [], abbreviations: ['KA'], hi: ['कर्नाटक'], ml: ['കർണാടക'] },
  { code: '30', name: 'Goa', kind: 'state', aliases: [], abbreviations: ['GA'], hi: ['गोवा'], ml: ['ഗോവ'] },
  {
    code: '31',
    name: 'Lakshadweep',
    kind: 'union-territory',
    aliases: [],
    abbreviations: ['LD'],
    hi: ['लक्षद्वीप'],
    ml: ['ലക്ഷദ്വീപ്'],
  },
  {
    code: '32',
    name: 'Kerala',
    kind: 'state',
    aliases: ['Keralam'],
    abbreviations: ['KL'],
    hi: ['केरल'],
    ml: ['കേരളം'],
  },
  {
    code: '33',
    name: 'Tamil Nadu',
    kind: 'state',
    aliases: [],
    abbreviations: ['TN'],
    hi: ['तमिलनाडु', 'तमिल नाडु'],
    ml: ['തമിഴ്നാട്'],
  },
  {
    code: '34',
    name: 'Puducherry',
    kind: 'union-territory',
    aliases: ['Pondicherry'],
    abbreviations: ['PY'],
    hi: ['पुडुचेरी', 'पांडिचेरी'],
    ml: ['പുതുച്ചേരി', 'പോണ്ടിച്ചേരി'],
  },
  {
    code: '35',
    name: 'Andaman and Nicobar Islands',
    kind: 'union-territory',
    aliases: ['Andaman and Nicobar', 'Andaman'],
    abbreviations: ['AN'],
    hi: ['अंडमान और निकोबार द्वीपसमूह', 'अंडमान और निकोबार'],
    ml: ['ആൻഡമാൻ നിക്കോബാർ ദ്വീപുകൾ', 'ആൻഡമാൻ നിക്കോബാർ'],
  },
  {
    code: '36',
    name: 'Telangana',
    kind: 'state',
    aliases: [],
    abbreviations: ['TS', 'TG'],
    hi: ['तेलंगाना'],
    ml: ['തെലങ്കാന'],
  },
  {
    code: '37',
    name: 'Andhra Pradesh',
    kind: 'state',
    aliases: [],
    abbreviations: ['AP'],
    hi: ['आंध्र प्रदेश'],
    ml: ['ആന്ധ്രാപ്രദേശ്'],
  },
  {
    code: '38',
    name: 'Ladakh',
    kind: 'union-territory',
    aliases: [],
    abbreviations: ['LA'],
    hi: ['लद्दाख'],
    ml: ['ലഡാക്ക്'],
  },
];

/** Malayalam's atomic chillu letters, as the sequence (consonant and virama) a keyboard may type instead. */
const CHILLU: Record<string, string> = {
  '\u0D7A': '\u0D23\u0D4D',
  '\u0D7B': '\u0D28\u0D4D',
  '\u0D7C': '\u0D30\u0D4D',
  '\u0D7D': '\u0D32\u0D4D',
  '\u0D7E': '\u0D33\u0D4D',
  '\u0D7F': '\u0D15\u0D4D',
};

/**
 * The key a name is matched by: 'Tamil  nadu', 'TamilNadu', 'JAMMU & KASHMIR', 'Jammu-Kashmir', 'U.P.' →
 * 'tamilnadu', 'jammuandkashmir', 'jammukashmir', 'up'. Spaces, dots, commas, hyphens and zero-width joiners are
 * left out and Malayalam's chillu letters spelt one way, so the spellings a phone keyboard gives all match.
 */
function normalise(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[\u0D7A-\u0D7F]/g, (letter) => CHILLU[letter] ?? letter)
    .replace(/[\s.,\-\u200C\u200D]/g, '');
}

const byName = new Map<string, IndianState>();
for (const state of INDIAN_STATES) {
  for (const name of [state.name, ...state.aliases, ...state.abbreviations, ...state.hi, ...state.ml])
    byName.set(normalise(name), state);
}

/**
 * The state a name (as typed in a profile) stands for, matched case-insensitively against the
 * names and common spellings; also a bare two-digit GST code ('32'). Null when unknown or empty.
 */
export function findIndianState(name: string | null | undefined): IndianState | null {
  if (!name) return null;
  const key = normalise(name);
  if (!key) return null;
  if (/^\d{2}$/.test(key)) return INDIAN_STATES.find((s) => s.code === key) ?? null;
  return byName.get(key) ?? null;
}

/**
 * Union territories without a legislature, where the tax within the territory is UTGST instead of SGST (the Union
 * Territory Goods and Services Tax Act, 2017): Chandigarh, Dadra and Nagar Haveli and Daman and Diu, Lakshadweep,
 * the Andaman and Nicobar Islands and Ladakh. Delhi, Puducherry and Jammu and Kashmir charge SGST.
 */
export function chargesUtgst(code: string): boolean {
  return ['04', '26', '31', '35', '38'].includes(code);
}

/**
 * A state's name as a learner reading the app in a language writes it (the first of its Hindi or Malayalam names),
 * for the profile's suggestions: every one of them is recognised by findIndianState.
 */
export function indianStateNameIn(state: IndianState, language: string): string {
  if (language === 'hi') return state.hi[0] ?? state.name;
  if (language === 'ml') return state.ml[0] ?? state.name;
  return state.name;
}

/** The state of a two-digit GST code, or null. */
export function indianStateByCode(code: string): IndianState | null {
  return INDIAN_STATES.find((s) => s.code === code) ?? null;
}
