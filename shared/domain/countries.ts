// ISO 3166-1 alpha-2: every officially assigned country code (249), with its English short
// name as ISO writes it, minus the "(the)" that only serves alphabetical sorting. "UK" and
// "EU" are reserved but not assigned, and XK (Kosovo) is a user-assigned code, so none of them
// is a country code here, even though banks use XK in BICs and IBANs.

const COUNTRIES: Readonly<Record<string, string>> = {
  AD: 'Andorra',
  AE: 'United Arab Emirates',
  AF: 'Afghanistan',
  AG: 'Antigua and Barbuda',
  AI: 'Anguilla',
  AL: 'Albania',
  AM: 'Armenia',
  AO: 'Angola',
  AQ: 'Antarctica',
  AR: 'Argentina',
  AS: 'American Samoa',
  AT: 'Austria',
  AU: 'Australia',
  AW: 'Aruba',
  AX: 'Åland Islands',
  AZ: 'Azerbaijan',
  BA: 'Bosnia and Herzegovina',
  BB: 'Barbados',
  BD: 'Bangladesh',
  BE: 'Belgium',
  BF: 'Burkina Faso',
  BG: 'Bulgaria',
  BH: 'Bahrain',
  BI: 'Burundi',
  BJ: 'Benin',
  BL: 'Saint Barthélemy',
  BM: 'Bermuda',
  BN: 'Brunei Darussalam',
  BO: 'Bolivia (Plurinational State of)',
  BQ: 'Bonaire, Sint Eustatius and Saba',
  BR: 'Brazil',
  BS: 'Bahamas',
  BT: 'Bhutan',
  BV: 'Bouvet Island',
  BW: 'Botswana',
  BY: 'Belarus',
  BZ: 'Belize',
  CA: 'Canada',
  CC: 'Cocos (Keeling) Islands',
  CD: 'Congo (Democratic Republic of the)',
  CF: 'Central African Republic',
  CG: 'Congo',
  CH: 'Switzerland',
  CI: "Côte d'Ivoire",
  CK: 'Cook Islands',
  CL: 'Chile',
  CM: 'Cameroon',
  CN: 'China',
  CO: 'Colombia',
  CR: 'Costa Rica',
  CU: 'Cuba',
  CV: 'Cabo Verde',
  CW: 'Curaçao',
  CX: 'Christmas Island',
  CY: 'Cyprus',
  CZ: 'Czechia',
  DE: 'Germany',
  DJ: 'Djibouti',
  DK: 'Denmark',
  DM: 'Dominica',
  DO: 'Dominican Republic',
  DZ: 'Algeria',
  EC: 'Ecuador',
  EE: 'Estonia',
  EG: 'Egypt',
  EH: 'Western Sahara',
  ER: 'Eritrea',
  ES: 'Spain',
  ET: 'Ethiopia',
  FI: 'Finland',
  FJ: 'Fiji',
  FK: 'Falkland Islands (Malvinas)',
  FM: 'Micronesia (Federated States of)',
  FO: 'Faroe Islands',
  FR: 'France',
  GA: 'Gabon',
  GB: 'United Kingdom of Great Britain and Northern Ireland',
  GD: 'Grenada',
  GE: 'Georgia',
  GF: 'French Guiana',
  GG: 'Guernsey',
  GH: 'Ghana',
  GI: 'Gibraltar',
  GL: 'Greenland',
  GM: 'Gambia',
  GN: 'Guinea',
  GP: 'Guadeloupe',
  GQ: 'Equatorial Guinea',
  GR: 'Greece',
  GS: 'South Georgia and the South Sandwich Islands',
  GT: 'Guatemala',
  GU: 'Guam',
  GW: 'Guinea-Bissau',
  GY: 'Guyana',
  HK: 'Hong Kong',
  HM: 'Heard Island and McDonald Islands',
  HN: 'Honduras',
  HR: 'Croatia',
  HT: 'Haiti',
  HU: 'Hungary',
  ID: 'Indonesia',
  IE: 'Ireland',
  IL: 'Israel',
  IM: 'Isle of Man',
  IN: 'India',
  IO: 'British Indian Ocean Territory',
  IQ: 'Iraq',
  IR: 'Iran (Islamic Republic of)',
  IS: 'Iceland',
  IT: 'Italy',
  JE: 'Jersey',
  JM: 'Jamaica',
  JO: 'Jordan',
  JP: 'Japan',
  KE: 'Kenya',
  KG: 'Kyrgyzstan',
  KH: 'Cambodia',
  KI: 'Kiribati',
  KM: 'Comoros',
  KN: 'Saint Kitts and Nevis',
  KP: "Korea (Democratic People's Republic of)",
  KR: 'Korea (Republic of)',
  KW: 'Kuwait',
  KY: 'Cayman Islands',
  KZ: 'Kazakhstan',
  LA: "Lao People's Democratic Republic",
  LB: 'Lebanon',
  LC: 'Saint Lucia',
  LI: 'Liechtenstein',
  LK: 'Sri Lanka',
  LR: 'Liberia',
  LS: 'Lesotho',
  LT: 'Lithuania',
  LU: 'Luxembourg',
  LV: 'Latvia',
  LY: 'Libya',
  MA: 'Morocco',
  MC: 'Monaco',
  MD: 'Moldova (Republic of)',
  ME: 'Montenegro',
  MF: 'Saint Martin (French part)',
  MG: 'Madagascar',
  MH: 'Marshall Islands',
  MK: 'North Macedonia',
  ML: 'Mali',
  MM: 'Myanmar',
  MN: 'Mongolia',
  MO: 'Macao',
  MP: 'Northern Mariana Islands',
  MQ: 'Martinique',
  MR: 'Mauritania',
  MS: 'Montserrat',
  MT: 'Malta',
  MU: 'Mauritius',
  MV: 'Maldives',
  MW: 'Malawi',
  MX: 'Mexico',
  MY: 'Malaysia',
  MZ: 'Mozambique',
  NA: 'Namibia',
  NC: 'New Caledonia',
  NE: 'Niger',
  NF: 'Norfolk Island',
  NG: 'Nigeria',
  NI: 'Nicaragua',
  NL: 'Netherlands (Kingdom of the)',
  NO: 'Norway',
  NP: 'Nepal',
  NR: 'Nauru',
  NU: 'Niue',
  NZ: 'New Zealand',
  OM: 'Oman',
  PA: 'Panama',
  PE: 'Peru',
  PF: 'French Polynesia',
  PG: 'Papua New Guinea',
  PH: 'Philippines',
  PK: 'Pakistan',
  PL: 'Poland',
  PM: 'Saint Pierre and Miquelon',
  PN: 'Pitcairn',
  PR: 'Puerto Rico',
  PS: 'Palestine, State of',
  PT: 'Portugal',
  PW: 'Palau',
  PY: 'Paraguay',
  QA: 'Qatar',
  RE: 'Réunion',
  RO: 'Romania',
  RS: 'Serbia',
  RU: 'Russian Federation',
  RW: 'Rwanda',
  SA: 'Saudi Arabia',
  SB: 'Solomon Islands',
  SC: 'Seychelles',
  SD: 'Sudan',
  SE: 'Sweden',
  SG: 'Singapore',
  SH: 'Saint Helena, Ascension and Tristan da Cunha',
  SI: 'Slovenia',
  SJ: 'Svalbard and Jan Mayen',
  SK: 'Slovakia',
  SL: 'Sierra Leone',
  SM: 'San Marino',
  SN: 'Senegal',
  SO: 'Somalia',
  SR: 'Suriname',
  SS: 'South Sudan',
  ST: 'Sao Tome and Principe',
  SV: 'El Salvador',
  SX: 'Sint Maarten (Dutch part)',
  SY: 'Syrian Arab Republic',
  SZ: 'Eswatini',
  TC: 'Turks and Caicos Islands',
  TD: 'Chad',
  TF: 'French Southern Territories',
  TG: 'Togo',
  TH: 'Thailand',
  TJ: 'Tajikistan',
  TK: 'Tokelau',
  TL: 'Timor-Leste',
  TM: 'Turkmenistan',
  TN: 'Tunisia',
  TO: 'Tonga',
  TR: 'Türkiye',
  TT: 'Trinidad and Tobago',
  TV: 'Tuvalu',
  TW: 'Taiwan (Province of China)',
  TZ: 'Tanzania, United Republic of',
  UA: 'Ukraine',
  UG: 'Uganda',
  UM: 'United States Minor Outlying Islands',
  US: 'United States of America',
  UY: 'Uruguay',
  UZ: 'Uzbekistan',
  VA: 'Holy See',
  VC: 'Saint Vincent and the Grenadines',
  VE: 'Venezuela (Bolivarian Republic of)',
  VG: 'Virgin Islands (British)',
  VI: 'Virgin Islands (U.S.)',
  VN: 'Viet Nam',
  VU: 'Vanuatu',
  WF: 'Wallis and Futuna',
  WS: 'Samoa',
  YE: 'Yemen',
  YT: 'Mayotte',
  ZA: 'South Africa',
  ZM: 'Zambia',
  ZW: 'Zimbabwe',
};

/** Every assigned code, in alphabetical order. */
export const COUNTRY_CODES: readonly string[] = Object.freeze(Object.keys(COUNTRIES).sort());

/** Exact match: "GB" is a code, "gb" and "UK" are not. */
export function isCountryCode(code: string): boolean {
  return Object.hasOwn(COUNTRIES, code);
}

export function countryName(code: string): string | undefined {
  return isCountryCode(code) ? COUNTRIES[code] : undefined;
}

/**
 * Lower case, without accents, punctuation as spaces: "Côte d'Ivoire" -> "cote d ivoire". The
 * key of a name in any language (sheets/coercion/country-names.ts): ß and ł are no letter with
 * an accent to Unicode, but the Swiss write ss ("Grossbritannien"), and a Polish name typed
 * without its marks has l.
 */
export function countryNameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ł/g, 'l')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^the /, '');
}

/** The names people write for a country where ISO's is long or newer than their habit. */
const EVERYDAY_NAMES: Readonly<Record<string, string>> = {
  'united kingdom': 'GB',
  uk: 'GB',
  'u k': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  // The nations of the United Kingdom, as British sheets write a payee's country: one ISO code.
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'u s': 'US',
  'u s a': 'US',
  holland: 'NL',
  uae: 'AE',
  'u a e': 'AE',
  'united states': 'US',
  usa: 'US',
  russia: 'RU',
  'czech republic': 'CZ',
  turkey: 'TR',
  vietnam: 'VN',
  'south korea': 'KR',
};

/**
 * Each English name: ISO's, and ISO's without what it adds in brackets or after a comma
 * ("Netherlands (Kingdom of the)" is also "Netherlands"), unless two countries share it
 * (the two Koreas).
 */
const CODES_BY_NAME: ReadonlyMap<string, string> = (() => {
  const byName = new Map<string, string>(Object.entries(EVERYDAY_NAMES));
  const short = new Map<string, string[]>();
  for (const [code, name] of Object.entries(COUNTRIES)) {
    byName.set(countryNameKey(name), code);
    const bare = countryNameKey(name.replace(/\(.*\)|,.*$/, ''));
    short.set(bare, [...(short.get(bare) ?? []), code]);
  }
  for (const [name, codes] of short) {
    const [code] = codes;
    if (codes.length === 1 && code !== undefined && !byName.has(name)) byName.set(name, code);
  }
  return byName;
})();

/** The code of a country written by its English name ("United Kingdom", "germany"), if known. */
export function countryCodeByName(name: string): string | undefined {
  return CODES_BY_NAME.get(countryNameKey(name));
}

/**
 * The geographical scope of the SEPA schemes (EPC list, 2025): the EU, the other EEA states,
 * Switzerland, the United Kingdom, Andorra, Monaco, San Marino and the Holy See, the countries
 * the EPC has admitted since 2022 (Albania, Montenegro, Moldova, North Macedonia, Serbia; their
 * banks join the schemes one by one, so a payment there may still be refused), and the territories
 * with their own ISO code that SEPA covers: Åland, the French overseas departments and
 * collectivities that use the euro, Gibraltar, Guernsey, Jersey and the Isle of Man. The
 * Azores, Madeira, the Canaries, Ceuta and Melilla share PT and ES. French Polynesia, New
 * Caledonia and Wallis and Futuna (XPF) are not in SEPA.
 */
export const SEPA_COUNTRY_CODES: readonly string[] = Object.freeze(
  [
    'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK', // EU
    'IS LI NO CH GB AD MC SM VA AL ME MD MK RS', // the rest of the EEA and the other states
    'AX GF GP MQ RE YT BL MF PM GI GG JE IM', // territories with their own code
  ]
    .flatMap((group) => group.split(' '))
    .sort(),
);

const SEPA = new Set(SEPA_COUNTRY_CODES);

export function isSepaCountry(code: string): boolean {
  return SEPA.has(code);
}
