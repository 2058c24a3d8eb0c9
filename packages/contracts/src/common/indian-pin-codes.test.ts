import { describe, expect, it } from 'vitest';
import { AMBIGUOUS_PIN_PREFIXES, stateCodeOfPin } from './indian-pin-codes.ts';
import { indianStateByCode } from './indian-states.ts';

describe('stateCodeOfPin', () => {
  it('finds the state of a PIN whose leading digits belong to one state', () => {
    const cases: Record<string, string> = {
      '400001': '27', // Mumbai
      '411001': '27', // Pune
      '403001': '30', // Panaji, Goa, inside Maharashtra's 40
      '110001': '07', // New Delhi
      '560001': '29', // Bengaluru
      '600001': '33', // Chennai
      '500001': '36', // Hyderabad
      '520001': '37', // Vijayawada
      '695001': '32', // Thiruvananthapuram
      '700001': '19', // Kolkata
      '737101': '11', // Gangtok
      '744101': '35', // Port Blair
      '380001': '24', // Ahmedabad
      '302001': '08', // Jaipur
      '226001': '09', // Lucknow
      '248001': '05', // Dehradun
      '800001': '10', // Patna
      '834001': '20', // Ranchi
      '190001': '01', // Srinagar
      '781001': '18', // Guwahati
      '799001': '16', // Agartala
      '492001': '22', // Raipur
      '462001': '23', // Bhopal
      '751001': '21', // Bhubaneswar
    };
    for (const [pin, code] of Object.entries(cases)) expect(stateCodeOfPin(pin), pin).toBe(code);
    expect(stateCodeOfPin(' 400 001 ')).toBe('27');
  });

  it('gives no state for a prefix two states or union territories share, whichever PIN follows it', () => {
    expect(AMBIGUOUS_PIN_PREFIXES.length).toBeGreaterThan(0);
    for (const prefix of AMBIGUOUS_PIN_PREFIXES) {
      for (const rest of ['001', '101', '464', '999']) expect(stateCodeOfPin(prefix + rest), prefix + rest).toBeNull();
    }
    // The ones that make the point: Chandigarh or Mohali, Puducherry or Villupuram, Mahe, Yanam, Lakshadweep, Silvassa.
    for (const pin of ['160062', '605001', '673310', '533464', '682555', '396230', '362520']) {
      expect(stateCodeOfPin(pin), pin).toBeNull();
    }
  });

  it('gives no state for anything but a six-digit Indian PIN, nor for the Army Postal Service', () => {
    for (const pin of [null, undefined, '', '40001', '4000011', '040001', 'SW1A 1AA', '4OOOO1', '900001', '999999']) {
      expect(stateCodeOfPin(pin), String(pin)).toBeNull();
    }
  });

  it('maps every listed prefix to a state that exists', () => {
    for (let prefix = 100; prefix <= 999; prefix++) {
      const code = stateCodeOfPin(`${prefix}001`);
      if (code) expect(indianStateByCode(code), String(prefix)).not.toBeNull();
    }
  });
});
