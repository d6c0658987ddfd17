// The currency of a bank account in a country, for a sheet that names the country but not the
// currency. Only countries whose accounts are held in one currency almost always are listed;
// elsewhere the importer falls back to the wallet's currency and the person can correct it.
const EURO_AREA =
  'AT BE BG CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK AD MC SM VA ME XK AX GF GP MQ RE YT BL MF PM';

const HOME_CURRENCIES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(EURO_AREA.split(' ').map((country) => [country, 'EUR'])),
  GB: 'GBP',
  US: 'USD',
  CH: 'CHF',
  LI: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  RO: 'RON',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  JP: 'JPY',
};

export function homeCurrency(country: string): string | undefined {
  return HOME_CURRENCIES[country];
}
