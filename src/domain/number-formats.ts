/**
 * The number formats figures are shown in, in the sheet's columns and on a JOBPRICE.JOB card alike.
 * Pure; the writers apply them.
 */

/** D2: bonus targets are percentages of base salary already (12.5 means 12.5 %), so no ×100. */
export const BONUS_FORMAT = '0.0"%"';

/** D1: annual amounts in CurrencyCode; whole units are what analysts compare. */
export function moneyFormat(currency: string | undefined): string {
  const code = (currency ?? '').toUpperCase();
  if (code === '' || code === 'USD') return '[$$-409]#,##0';
  if (code === 'EUR') return '[$€-x-euro2] #,##0';
  if (code === 'GBP') return '[$£-809]#,##0';
  return `#,##0 "${code.replace(/[^A-Z]/g, '')}"`;
}
