/**
 * One spelling for a city name, used both when the index is built (USPS preferred names such as
 * "SAINT LOUIS", Census principal cities such as "St. Louis") and when a request is resolved, so the
 * two meet: case, accents, punctuation and the usual abbreviations are folded.
 */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  ST: 'SAINT',
  STE: 'SAINTE',
  FT: 'FORT',
  MT: 'MOUNT',
  PT: 'PORT',
};

export function normaliseCity(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\(.*?\)/g, ' ')
    .replace(/['’.]/g, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '');
  return words.map((w) => ABBREVIATIONS[w] ?? w).join(' ');
}

/** "SAN JOSE" -> "San Jose", "MC ALLEN" -> "Mc Allen": USPS names are upper case. */
export function displayCity(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[\s\-/'.])([a-z])/g, (_m, sep: string, ch: string) => sep + ch.toUpperCase())
    .trim();
}
