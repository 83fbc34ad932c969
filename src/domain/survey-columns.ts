/**
 * The analyst's own survey columns, recognised by their headers: "Mercer P50", "Radford Base 50th",
 * "WTW Median", "Mercer P25". Columns of one survey share the text before the percentile, so picking
 * "Mercer P50" brings "Mercer P25" and "Mercer P75" along when the sheet has them. A numeric column whose
 * header names no percentile ("Radford Base Salary") is a survey of its own, read as its median. Pure.
 */

export type SurveyPercentile = 25 | 50 | 75;

export interface SurveyHeader {
  /** The survey's name: the header without its percentile ("Radford Base"). */
  readonly survey: string;
  readonly percentile: SurveyPercentile;
}

const PERCENTILE_SUFFIX =
  /^(.*?)[\s_:-]+(?:p\s*(25|50|75)|(25|50|75)(?:st|nd|rd|th)?(?:\s*(?:percentile|pctl?|%ile))?|(median|mid(?:point)?))\s*$/i;

/** The survey and percentile a header names; a header without a percentile is its survey's median. */
export function surveyHeader(header: string): SurveyHeader {
  const text = header.trim();
  const m = PERCENTILE_SUFFIX.exec(text);
  if (m === null || (m[1] ?? '').trim() === '') return { survey: text, percentile: 50 };
  const percentile = m[4] !== undefined ? 50 : (Number(m[2] ?? m[3]) as SurveyPercentile);
  return { survey: (m[1] as string).trim(), percentile };
}

/** One survey's columns (offsets into the header row). P50 is always there; P25 and P75 when given. */
export interface SurveyColumns {
  readonly survey: string;
  /** The header of its P50 column: the name the pane shows and the settings remember. */
  readonly header: string;
  readonly p50: number;
  readonly p25?: number;
  readonly p75?: number;
}

/**
 * The surveys among `candidates` (offsets of the columns that may hold survey figures), in sheet order of
 * their P50 column. A survey whose P25 or P75 column is there without a P50 one is not a source.
 */
export function surveysIn(headers: readonly unknown[], candidates: readonly number[]): SurveyColumns[] {
  const bySurvey = new Map<string, { survey: string; cols: Partial<Record<SurveyPercentile, number>> }>();
  for (const col of candidates) {
    const cell = headers[col];
    if (typeof cell !== 'string' || cell.trim() === '') continue;
    const { survey, percentile } = surveyHeader(cell);
    const key = survey.toLowerCase();
    const entry = bySurvey.get(key) ?? { survey, cols: {} };
    entry.cols[percentile] ??= col;
    bySurvey.set(key, entry);
  }
  const out: SurveyColumns[] = [];
  for (const { survey, cols } of bySurvey.values()) {
    if (cols[50] === undefined) continue;
    out.push({
      survey,
      header: String(headers[cols[50]]).trim(),
      p50: cols[50],
      ...(cols[25] === undefined ? {} : { p25: cols[25] }),
      ...(cols[75] === undefined ? {} : { p75: cols[75] }),
    });
  }
  return out.sort((a, b) => a.p50 - b.p50);
}
