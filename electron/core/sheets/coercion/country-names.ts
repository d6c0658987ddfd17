// Countries as sheets write them besides ISO's two letters: the English name (countries.ts),
// ISO's three letters (SAP, NetSuite, bank bulk files and German and French payrolls write
// "DEU", "GBR"), and the name in the languages European payrolls come in ("Deutschland",
// "Royaume-Uni", "España"). The three letters and the names with their common aliases
// ("Großbritannien", "Tschechische Republik") come from i18n-iso-countries; the platform's
// CLDR names (Intl.DisplayNames) add the short ones it leaves out ("États-Unis", "Tchéquie").
// Only the codes in countries.ts count: the package also knows Kosovo's XK and XKK.
//
// The package's own entry registers all of its 80 languages; its index registers none, so
// only the ones read here are loaded. The importer is the only reader, so neither the
// renderer nor the sandbox carries the tables.
import { alpha3ToAlpha2, getNames, registerLocale } from 'i18n-iso-countries/index.js';
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import nl from 'i18n-iso-countries/langs/nl.json' with { type: 'json' };
import pl from 'i18n-iso-countries/langs/pl.json' with { type: 'json' };
import pt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };
import {
  COUNTRY_CODES,
  countryCodeByName,
  countryNameKey,
  isCountryCode,
} from '../../../../shared/domain/countries';

/** German, French, Spanish, Italian, Dutch, Portuguese, Polish. */
const LANGUAGES = [de, fr, es, it, nl, pt, pl];

/** "DEU" -> "DE"; undefined for three letters that are no country's. */
export function countryCodeByAlpha3(code: string): string | undefined {
  const alpha2 = alpha3ToAlpha2(code);
  return alpha2 !== undefined && isCountryCode(alpha2) ? alpha2 : undefined;
}

/** The code of a country written by its name in English or one of LANGUAGES, if known. */
export function countryCodeByAnyName(name: string): string | undefined {
  return countryCodeByName(name) ?? codesByName().get(countryNameKey(name));
}

let byName: ReadonlyMap<string, string> | undefined;

/**
 * Each name in LANGUAGES, unless two countries share it, in one language or across two
 * ("Kongo" is both Congos in German): the name alone says neither. Built on the first name
 * asked for, as most sheets write codes.
 */
function codesByName(): ReadonlyMap<string, string> {
  if (byName) return byName;
  const codes = new Map<string, Set<string>>();
  const add = (name: string, code: string) => {
    if (!isCountryCode(code)) return;
    const key = countryNameKey(name);
    codes.set(key, (codes.get(key) ?? new Set()).add(code));
  };
  for (const language of LANGUAGES) {
    registerLocale(language);
    const names = getNames(language.locale, { select: 'all' });
    for (const [code, aliases] of Object.entries(names)) aliases.forEach((a) => add(a, code));
    const cldr = new Intl.DisplayNames([language.locale], { type: 'region', fallback: 'none' });
    for (const code of COUNTRY_CODES) {
      const name = cldr.of(code);
      if (name !== undefined) add(name, code);
    }
  }
  const named = new Map<string, string>();
  for (const [key, [code, ...others]] of codes) {
    if (code !== undefined && others.length === 0) named.set(key, code);
  }
  byName = named;
  return byName;
}
