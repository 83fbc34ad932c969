import { atQualified, readQualifiers } from '../../../src/service/matching/qualifiers';
import type { Ranking } from '../../../src/service/matching/ranking';

/** docs/methodology.md §2a, "Readings": catch-all qualifiers are no title words, and leave the kind of job open. */
describe('readQualifiers', () => {
  it('drops "etc", "nec" and "ns" wherever they stand after the first word', () => {
    expect(readQualifiers('Porter cleaning etc')).toEqual({ title: 'Porter cleaning', qualified: true });
    expect(readQualifiers('Cook, Dishwasher, etc.')).toEqual({ title: 'Cook, Dishwasher', qualified: true });
    expect(readQualifiers('Laborer nec').title).toBe('Laborer');
    expect(readQualifiers('Technician, n.e.c.').title).toBe('Technician');
    expect(readQualifiers('Clerk N.S.').title).toBe('Clerk');
    expect(readQualifiers('Loader (truck/etc)').title).toBe('Loader (truck )');
  });

  it('drops a closing "any ..." and a closing "(not) specified", with the "or" leading into them', () => {
    expect(readQualifiers('Welder any activity').title).toBe('Welder');
    expect(readQualifiers('Buyer any commodity').title).toBe('Buyer');
    expect(readQualifiers('Driver specified or ns').title).toBe('Driver');
    expect(readQualifiers('Teacher subject not specified').title).toBe('Teacher subject');
    expect(readQualifiers('Mechanic machine or ns').title).toBe('Mechanic machine');
  });

  it('drops a full-time-equivalent share, which says the hours, without doubting the job', () => {
    expect(readQualifiers('Dermatologist (0.6 FTE)')).toEqual({ title: 'Dermatologist', qualified: false });
    expect(readQualifiers('Staff Pharmacist 0.9 FTE').title).toBe('Staff Pharmacist');
    expect(readQualifiers('Nurse - FTE 0.5').title).toBe('Nurse');
    for (const title of ['Lifter', 'Softener Operator']) expect(readQualifiers(title).title).toBe(title);
  });

  it('drops the Census index class-of-worker clause ("COW ..."), which says who employs, not the job', () => {
    // docs/methodology.md §2a, "Eighth round, restricted lines the title misses".
    expect(readQualifiers('Welder COW exc OWN')).toEqual({ title: 'Welder', qualified: false });
    expect(readQualifiers('Painter, COW PR').title).toBe('Painter');
    expect(readQualifiers('Loader COW exc GOV etc')).toEqual({ title: 'Loader', qualified: false });
    // The animal, in lower case or as the first word, stays a title word.
    for (const title of ['Cow milker', 'Dairy cow feeder', 'COW'])
      expect(readQualifiers(title).title).toBe(title);
  });

  it('leaves a title without qualifiers, and words that only hold the letters, as written', () => {
    for (const title of ['Company Driver', 'Sketch Artist', 'Operations Manager', 'Nurse Anesthetist'])
      expect(readQualifiers(title)).toEqual({ title, qualified: false });
    // The first word is the title's own.
    expect(readQualifiers('Unspecified')).toEqual({ title: 'Unspecified', qualified: false });
    expect(readQualifiers('Any')).toEqual({ title: 'Any', qualified: false });
  });
});

describe('atQualified', () => {
  const ranking: Ranking = {
    words: ['welder'],
    level: null,
    list: [
      { o: 1, score: 1.07, rating: 'Confident' },
      { o: 2, score: 0.6, rating: 'Possible' },
    ],
  };

  it('rates a qualified title at most Probable, and leaves the order', () => {
    expect(atQualified(ranking, true).list).toEqual([
      { o: 1, score: 1.07, rating: 'Probable' },
      { o: 2, score: 0.6, rating: 'Possible' },
    ]);
    expect(atQualified(ranking, false)).toBe(ranking);
  });
});
