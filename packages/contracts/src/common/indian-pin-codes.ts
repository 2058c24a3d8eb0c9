/**
 * The state or union territory of an Indian PIN code, from its leading digits, for a buyer whose address is on record
 * but whose free-text state names no state (decision 063). Source: India Post's PIN zones, where the first two digits
 * are a postal circle (11 Delhi, 40–44 Maharashtra…) and the first three a sorting district.
 *
 * Conservative on purpose: a wrong entry charges the wrong government's tax. A two-digit prefix is listed only when
 * all of it is one state; where two states or union territories share one, its three-digit prefixes that are one
 * state's are listed instead, and those that are shared (AMBIGUOUS_PIN_PREFIXES) or that we could not be sure of are
 * left out: such a PIN gives no state, and the place of supply falls back as it did before.
 */
const PIN_PREFIX_STATE_CODES: Readonly<Record<string, string>> = {
  // 1: Delhi, Haryana, Punjab, Chandigarh, Himachal Pradesh, Jammu and Kashmir, Ladakh.
  '11': '07', // Delhi
  '12': '06', // Haryana
  '13': '06',
  '14': '03', // Punjab
  '15': '03',
  // 16: 160 is Chandigarh and Punjab's Mohali (SAS Nagar) alike: not listed.
  '17': '02', // Himachal Pradesh
  '18': '01', // Jammu and Kashmir
  '190': '01',
  '191': '01',
  '192': '01',
  '193': '01',
  // 194 is Ladakh's (Leh, Kargil), but not listed until confirmed to hold no office of Jammu and Kashmir.
  // 2: Uttar Pradesh and Uttarakhand.
  '20': '09', // Uttar Pradesh
  '21': '09',
  '22': '09',
  '23': '09',
  '241': '09',
  '242': '09',
  '243': '09',
  '245': '09',
  '248': '05', // Uttarakhand (Dehradun)
  '249': '05', // Uttarakhand (Haridwar, Tehri)
  '25': '09',
  '261': '09',
  '263': '05', // Uttarakhand (Nainital, Almora, Udham Singh Nagar)
  '27': '09',
  '28': '09',
  // 3: Rajasthan, Gujarat, Dadra and Nagar Haveli and Daman and Diu.
  '30': '08', // Rajasthan
  '31': '08',
  '32': '08',
  '33': '08',
  '34': '08',
  '360': '24', // Gujarat
  '361': '24',
  '363': '24',
  '364': '24',
  '365': '24',
  '37': '24',
  '38': '24',
  '390': '24',
  '391': '24',
  '392': '24',
  '393': '24',
  '394': '24',
  '395': '24',
  // 4: Maharashtra, Goa, Madhya Pradesh, Chhattisgarh.
  '400': '27', // Maharashtra
  '401': '27',
  '402': '27',
  '403': '30', // Goa
  '41': '27',
  '42': '27',
  '43': '27',
  '44': '27',
  '45': '23', // Madhya Pradesh
  '46': '23',
  '47': '23',
  '48': '23',
  '49': '22', // Chhattisgarh
  // 5: Telangana, Andhra Pradesh, Karnataka.
  '500': '36', // Telangana
  '501': '36',
  '502': '36',
  '503': '36',
  '504': '36',
  '505': '36',
  '506': '36',
  '508': '36',
  '509': '36',
  '51': '37', // Andhra Pradesh
  '52': '37',
  '530': '37',
  '531': '37',
  '532': '37',
  '534': '37',
  '535': '37',
  '56': '29', // Karnataka
  '57': '29',
  '58': '29',
  '59': '29',
  // 6: Tamil Nadu, Puducherry, Kerala, Lakshadweep.
  '600': '33', // Tamil Nadu
  '601': '33',
  '602': '33',
  '603': '33',
  '604': '33',
  '606': '33',
  '608': '33',
  '61': '33',
  '62': '33',
  '63': '33',
  '64': '33',
  '670': '32', // Kerala
  '671': '32',
  '672': '32',
  '674': '32',
  '675': '32',
  '676': '32',
  '677': '32',
  '678': '32',
  '679': '32',
  '680': '32',
  '681': '32',
  '683': '32',
  '684': '32',
  '685': '32',
  '686': '32',
  '687': '32',
  '688': '32',
  '689': '32',
  '69': '32',
  // 7: West Bengal, Sikkim, Andaman and Nicobar, Odisha, Assam and the North East.
  '70': '19', // West Bengal
  '71': '19',
  '72': '19',
  '731': '19',
  '732': '19',
  '733': '19',
  '734': '19',
  '735': '19',
  '736': '19',
  '737': '11', // Sikkim
  '741': '19',
  '742': '19',
  '743': '19',
  '744': '35', // Andaman and Nicobar Islands
  '75': '21', // Odisha
  '76': '21',
  '77': '21',
  '781': '18', // Assam
  '782': '18',
  '784': '18',
  '785': '18',
  '786': '18',
  '787': '18',
  '788': '18',
  '790': '12', // Arunachal Pradesh
  '791': '12',
  '792': '12',
  '793': '17', // Meghalaya
  '794': '17',
  '795': '14', // Manipur
  '796': '15', // Mizoram
  '797': '13', // Nagaland
  '798': '13',
  '799': '16', // Tripura
  // 8: Bihar and Jharkhand.
  '80': '10', // Bihar
  '811': '10',
  '812': '10',
  '815': '20', // Jharkhand
  '816': '20',
  '821': '10',
  '822': '20',
  '823': '10',
  '824': '10',
  '825': '20',
  '826': '20',
  '827': '20',
  '828': '20',
  '829': '20',
  '83': '20',
  '84': '10',
  '85': '10',
  // 9: the Army Postal Service, in no state.
};

/**
 * Three-digit prefixes known to be shared by two states or union territories, so never taken for one: 160 Chandigarh
 * and Punjab (Mohali), 244/246/247/262 Uttar Pradesh and Uttarakhand, 362 Gujarat and Diu, 396 Gujarat and Dadra and
 * Nagar Haveli and Daman, 507 Telangana and Andhra Pradesh (the mandals moved in 2014), 533 Andhra Pradesh and
 * Puducherry (Yanam), 605/607/609 Tamil Nadu and Puducherry (Puducherry, Karaikal), 673 Kerala and Puducherry (Mahe),
 * 682 Kerala and Lakshadweep, 783 Assam and Meghalaya, 813/814 Bihar and Jharkhand.
 */
export const AMBIGUOUS_PIN_PREFIXES: readonly string[] = [
  '160',
  '244',
  '246',
  '247',
  '262',
  '362',
  '396',
  '507',
  '533',
  '605',
  '607',
  '609',
  '673',
  '682',
  '783',
  '813',
  '814',
];

/** A PIN as written on an Indian address: six digits, the first not 0, maybe with a space after the third. */
const INDIAN_PIN = /^([1-9]\d{2}) ?(\d{3})$/;

/**
 * The GST state code of the state a PIN code lies in, when its leading digits belong to one state without doubt;
 * null for anything else (not a six-digit PIN, an Army Postal Service PIN, a prefix two states share).
 */
export function stateCodeOfPin(pin: string | null | undefined): string | null {
  const match = INDIAN_PIN.exec(pin?.trim() ?? '');
  if (!match) return null;
  const three = match[1]!;
  return PIN_PREFIX_STATE_CODES[three] ?? PIN_PREFIX_STATE_CODES[three.slice(0, 2)] ?? null;
}
