import { inferred, type Ranking } from './ranking';

/**
 * Catch-all qualifiers in a title (docs/methodology.md §2a, "Readings"): "etc", "nec" (not elsewhere
 * classified), "ns" (not specified), a closing "any ..." ("Glazier any activity", "Sales buyer any
 * commodity") and a closing "(not) specified" or "unspecified". Occupation indexes write them on lines
 * that cover every kind of a job, and some employers ("Cook, Dishwasher, etc."). They name no occupation,
 * and matched as title words they mislead ("etc" is read as a short form of "etcher"), so the title is
 * matched without them. What they say is that the title does not settle the kind of job: the answer is
 * at most Probable.
 */

/** Most titles have no qualifier: a look for the letters every one of them holds comes first. */
const MAY_QUALIFY = /\b(?:etc|n\.?e\.?c|n\.?s|any|(?:un)?specified)\b/i;
/** "etc", "nec", "n.e.c.", "ns", "n.s." anywhere after the first word. */
const CATCH_ALL = /[\s,;(/-]+(?:etc|n\.?e\.?c|n\.?s)\b\.?/gi;
/** A closing "any ...", or a closing "(not) specified" / "unspecified" (with what leads into it). */
const CLOSING = /[\s,;(-]+(?:any\b.*|(?:(?:or|and|not)\s+)*(?:un)?specified\b(?:\s+or)?)\s*\)?\s*$/i;

/**
 * A full-time-equivalent share ("Clinic Physician (0.8 FTE)", "RN 0.6 FTE") says the job's hours, as
 * the arrangement words normalize.ts drops do ("PT", "PRN"): no title word. Matched, "fte" was read as a
 * short form of "fitter" and the title lost its answer.
 */
const FTE = /[\s,;(/-]*\b(?:\d*\.?\d+\s*)?fte\b(?:\s*\d*\.?\d+)?\s*\)?/gi;

/**
 * The Census occupation index's class-of-worker clause ("Mixer COW exc OWN": an operator of any class of
 * worker but the self-employed; docs/methodology.md §2a, "Eighth round, restricted lines the title misses")
 * says who employs the worker, as an industry restriction says where: no title word. "COW" is the index's
 * short form, written in capitals after the title's first word; matched, it was read as the animal and put
 * the line with the farmworkers. A "cow" in lower case ("Cow tester") stays a title word.
 */
const CLASS_OF_WORKER = /[\s,;(-]+COW\b.*$/;

/** The title without its qualifiers, and whether it had any; the title as it is without one. */
export function readQualifiers(written: string): { title: string; qualified: boolean } {
  const title = /fte/i.test(written)
    ? written.replace(FTE, ' ').replace(/\s+/g, ' ').trim() || written
    : written;
  const worker = title.replace(CLASS_OF_WORKER, '').trim();
  if (worker !== '' && worker !== title) return readQualifiers(worker);
  if (!MAY_QUALIFY.test(title)) return { title, qualified: false };
  let read = title.replace(CATCH_ALL, ' ');
  for (let closing = CLOSING.exec(read); closing !== null && closing.index > 0; closing = CLOSING.exec(read))
    read = read.slice(0, closing.index);
  read = read
    .replace(/(?:[\s,;(/-]+(?:or|and)?)+$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  // The first word is the title's own ("Any", "Specified" alone stay as written).
  if (read === '' || read === title.trim()) return { title, qualified: false };
  return { title: read, qualified: true };
}

/** A qualified title's answers at most Probable: the title does not settle the kind of job. */
export function atQualified(ranking: Ranking, qualified: boolean): Ranking {
  if (!qualified || ranking.list.length === 0) return ranking;
  return { ...ranking, list: ranking.list.map((e) => ({ ...e, rating: inferred(e.rating) })) };
}
