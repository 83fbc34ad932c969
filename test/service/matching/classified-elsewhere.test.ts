import { join } from 'node:path';
import { cellText, readXlsx } from '../../../src/service/data/raw-files';
import {
  atClassifiedElsewhere,
  CLASSIFIED_ELSEWHERE,
} from '../../../src/service/matching/classified-elsewhere';
import type { OnetMatcher } from '../../../src/service/matching/matcher';
import type { Ranking } from '../../../src/service/matching/ranking';
import { loadRealMatcher, RAW_DIR } from './onet-part-fixture';

/**
 * An inspector's title answered by Compliance Officers, whose SOC 2018 definition claims only the
 * inspection "not classified elsewhere", is the occupation the definition excludes where that one is
 * close (docs/methodology.md §2a, "Tenth round, inspectors"). Our own example titles.
 */

/** Occupation 0 the compliance officers, 1 building inspectors, 2 financial examiners, 3 a clerk. */
const SOC = ['13-1041', '47-4011', '13-2061', '43-4031'];
const TITLE_WORDS = [
  new Set(['inspector', 'compliance']),
  new Set(['inspector', 'building']),
  new Set(['examiner', 'compliance']),
  new Set(['clerk', 'license']),
];
const titleHas = (o: number, w: string): boolean => TITLE_WORDS[o]?.has(w) === true;
const ranking = (...entries: [number, number][]): Ranking => ({
  words: [],
  level: null,
  list: entries.map(([o, score]) => ({ o, score, rating: score >= 0.85 ? 'Confident' : 'Probable' })),
});
const order = (r: Ranking): number[] => r.list.map((e) => e.o);
const inspector = (): string => 'inspector';

describe('atClassifiedElsewhere', () => {
  it('gives an inspector title to a close occupation the residual excludes, at most Probable', () => {
    const out = atClassifiedElsewhere(ranking([0, 0.9], [3, 0.89], [1, 0.86]), SOC, inspector, titleHas);
    expect(order(out)).toEqual([1, 0, 3]);
    expect(out.list[0]?.rating).toBe('Probable');
  });

  it('keeps the residual for a candidate further behind, another head, or one whose titles name no inspector', () => {
    const far = ranking([0, 0.9], [1, 0.84]);
    expect(atClassifiedElsewhere(far, SOC, inspector, titleHas)).toBe(far);
    const analyst = ranking([0, 0.9], [1, 0.89]);
    expect(atClassifiedElsewhere(analyst, SOC, () => 'analyst', titleHas)).toBe(analyst);
    const examiner = ranking([0, 0.9], [2, 0.89]);
    expect(atClassifiedElsewhere(examiner, SOC, inspector, titleHas)).toBe(examiner);
  });

  it('reads the head only for a residual answer', () => {
    const head = jest.fn(inspector);
    const building = ranking([1, 0.9], [0, 0.89]);
    expect(atClassifiedElsewhere(building, SOC, head, titleHas)).toBe(building);
    expect(head).not.toHaveBeenCalled();
  });
});

describe('the residuals of inspection', () => {
  it('are the SOC 2018 definitions that claim inspection not classified elsewhere, with the codes they exclude', async () => {
    const rows = await readXlsx(join(RAW_DIR, 'crosswalks', 'soc_2018_definitions.xlsx'));
    const definitions = new Map(rows.map((r) => [cellText(r[1]), cellText(r[3])]));
    for (const [code, elsewhere] of CLASSIFIED_ELSEWHERE) {
      const definition = definitions.get(code) ?? '';
      expect(definition).toMatch(/inspection .* not classified elsewhere/);
      const excludes = definition.slice(definition.indexOf('Excludes'));
      expect(new Set(excludes.match(/\d\d-\d{4}/g))).toEqual(elsewhere);
    }
  });
});

describe('inspection classified elsewhere in the real matcher', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('reads a rental housing inspector as a building inspector, Probable', () => {
    const m = matcher.match('Rental housing inspector', '');
    expect(m?.socCode).toBe('47-4011');
    expect(m?.rating).toBe('Probable');
  });

  it('leaves the inspection only the compliance officers claim with them', () => {
    expect(matcher.match('Environmental inspector', '')?.socCode).toBe('13-1041');
    expect(matcher.match('Government property inspector', '')?.socCode).toBe('13-1041');
    expect(matcher.match('License inspector', '')?.socCode).toBe('13-1041');
    expect(matcher.match('Compliance analyst', '')?.socCode).toBe('13-1041');
  });
});
