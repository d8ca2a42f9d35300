import { COUNTRY_LIST_SORT_THRESHOLD } from '@pet/contract';

/** ISO 3166-1 alpha-2: every officially assigned code (249), in code order (contacts, appointments). */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV ' +
  'BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ' +
  'ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE ' +
  'IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY ' +
  'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU ' +
  'NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM ' +
  'SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE ' +
  'VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

export interface CountryOption {
  code: string;
  name: string;
}

/** The country's name in the UI language (the code itself if the browser does not know it). */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The options of the country select in the UI language. A list of more than
 * COUNTRY_LIST_SORT_THRESHOLD entries is sorted by translated name (pet-data section 9), so
 * "Deutschland" is found under D in German and "Germany" under G in English.
 */
export function countryOptions(language: string, codes: readonly string[] = COUNTRY_CODES): CountryOption[] {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  const options = codes.map((code) => ({ code, name: names.of(code) ?? code }));
  if (options.length <= COUNTRY_LIST_SORT_THRESHOLD) return options;
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return options.sort((a, b) => collator.compare(a.name, b.name));
}
