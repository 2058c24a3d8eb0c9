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
  aliases?: readonly string[];
  kind: 'state' | 'union-territory';
}

export const INDIAN_STATES: readonly IndianState[] = [
  { code: '01', name: 'Jammu and Kashmir', kind: 'union-territory', aliases: ['J&K', 'Jammu Kashmir'] },
  { code: '02', name: 'Himachal Pradesh', kind: 'state', aliases: ['HP'] },
  { code: '03', name: 'Punjab', kind: 'state' },
  { code: '04', name: 'Chandigarh', kind: 'union-territory' },
  { code: '05', name: 'Uttarakhand', kind: 'state', aliases: ['Uttaranchal'] },
  { code: '06', name: 'Haryana', kind: 'state' },
  {
    code: '07',
    name: 'Delhi',
    kind: 'union-territory',
    aliases: ['New Delhi', 'NCT of Delhi', 'National Capital Territory of Delhi'],
  },
  { code: '08', name: 'Rajasthan', kind: 'state' },
  { code: '09', name: 'Uttar Pradesh', kind: 'state', aliases: ['UP'] },
  { code: '10', name: 'Bihar', kind: 'state' },
  { code: '11', name: 'Sikkim', kind: 'state' },
  { code: '12', name: 'Arunachal Pradesh', kind: 'state' },
  { code: '13', name: 'Nagaland', kind: 'state' },
  { code: '14', name: 'Manipur', kind: 'state' },
  { code: '15', name: 'Mizoram', kind: 'state' },
  { code: '16', name: 'Tripura', kind: 'state' },
  { code: '17', name: 'Meghalaya', kind: 'state' },
  { code: '18', name: 'Assam', kind: 'state' },
  { code: '19', name: 'West Bengal', kind: 'state', aliases: ['WB'] },
  { code: '20', name: 'Jharkhand', kind: 'state' },
  { code: '21', name: 'Odisha', kind: 'state', aliases: ['Orissa'] },
  { code: '22', name: 'Chhattisgarh', kind: 'state', aliases: ['Chattisgarh'] },
  { code: '23', name: 'Madhya Pradesh', kind: 'state', aliases: ['MP'] },
  { code: '24', name: 'Gujarat', kind: 'state' },
  {
    code: '26',
    name: 'Dadra and Nagar Haveli and Daman and Diu',
    kind: 'union-territory',
    aliases: ['Dadra and Nagar Haveli', 'Daman and Diu', 'Daman', 'Diu', 'Silvassa'],
  },
  { code: '27', name: 'Maharashtra', kind: 'state' },
  { code: '29', name: 'Karnataka', kind: 'state' },
  { code: '30', name: 'Goa', kind: 'state' },
  { code: '31', name: 'Lakshadweep', kind: 'union-territory' },
  { code: '32', name: 'Kerala', kind: 'state', aliases: ['Keralam'] },
  { code: '33', name: 'Tamil Nadu', kind: 'state', aliases: ['TN'] },
  { code: '34', name: 'Puducherry', kind: 'union-territory', aliases: ['Pondicherry'] },
  {
    code: '35',
    name: 'Andaman and Nicobar Islands',
    kind: 'union-territory',
    aliases: ['Andaman and Nicobar', 'Andaman'],
  },
  { code: '36', name: 'Telangana', kind: 'state' },
  { code: '37', name: 'Andhra Pradesh', kind: 'state', aliases: ['AP'] },
  { code: '38', name: 'Ladakh', kind: 'union-territory' },
];

/** 'Tamil  nadu', 'JAMMU & KASHMIR' → 'tamil nadu', 'jammu and kashmir'. */
function normalise(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/&/g, ' and ').replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim();
}

const byName = new Map<string, IndianState>();
for (const state of INDIAN_STATES) {
  for (const name of [state.name, ...(state.aliases ?? [])]) byName.set(normalise(name), state);
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

/** The state of a two-digit GST code, or null. */
export function indianStateByCode(code: string): IndianState | null {
  return INDIAN_STATES.find((s) => s.code === code) ?? null;
}
