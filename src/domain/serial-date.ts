import { parseIsoDate } from './aging';

/**
 * Dates as Excel keeps them: a serial day number in the 1900 date system (1 = 1900-01-01; Excel also
 * counts a 29 February 1900 that never was, serial 60, so later serials count from 1899-12-30). A time of
 * day (the fraction) is dropped. Pure.
 */

const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(1899, 11, 30);

/** The ISO date (YYYY-MM-DD) of an Excel serial, or null for a serial that names no real day. */
export function serialToIsoDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial >= 2_958_466) return null;
  const day = Math.floor(serial);
  if (day === 60) return null; // 1900-02-29 does not exist
  const ms = day < 60 ? EPOCH + (day + 1) * DAY_MS : EPOCH + day * DAY_MS;
  return new Date(ms).toISOString().slice(0, 10);
}

/** The Excel serial of an ISO date (after 1900-02-28, where the two calendars agree). */
export function isoDateToSerial(iso: string): number | null {
  const d = parseIsoDate(iso);
  if (d === null) return null;
  return Math.round((Date.UTC(d.y, d.m - 1, d.d) - EPOCH) / DAY_MS);
}

/**
 * A date cell as an ISO date: a serial number, or text written as YYYY-MM-DD (as the add-in writes its
 * own dates); null for anything else.
 */
export function cellDate(cell: unknown): string | null {
  if (typeof cell === 'number') return serialToIsoDate(cell);
  if (typeof cell === 'string') {
    const text = cell.trim();
    return parseIsoDate(text) === null ? null : text;
  }
  return null;
}
