import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { ListedTitles } from '../../../src/service/matching/listed-title';
import { loadRealMatcher } from './onet-part-fixture';

/** A near-exact score is no listing (docs/methodology.md §2a, "Eleventh round: fixes3"). */
describe('ListedTitles', () => {
  // Three titles as word sets: "Wireworker" under 0, "Wireworker Supervisor" under 1, "Supervisor" under 1 and 2.
  const vocab = ['wireworker', 'supervisor'];
  const listed = new ListedTitles({
    vocab,
    titles: {
      occ: [0, 1, 1, 2],
      kind: [3, 3, 0, 3],
      sources: [1, 1, 0, 1],
      start: [0, 1, 3, 4, 5],
      words: [0, 0, 1, 1, 1],
    },
  });

  it('lists a title under the occupations whose titles hold exactly its words, in any order', () => {
    expect(listed.lists(0, ['wireworker'])).toBe(true);
    expect(listed.lists(1, ['supervisor', 'wireworker'])).toBe(true);
    expect(listed.lists(2, ['supervisor'])).toBe(true);
  });

  it('does not list a title under an occupation whose title only adds or drops a word', () => {
    expect(listed.lists(1, ['wireworker'])).toBe(false);
    expect(listed.lists(0, ['wireworker', 'supervisor'])).toBe(false);
    expect(listed.lists(0, [])).toBe(false);
  });
});

describe('a supervisor or manager answer on the real index', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('answers the workers that list it word for word, not their supervisors', () => {
    expect(matcher.match('Wireworker', '')?.socCode).toBe('51-9199');
    expect(matcher.match('Component Assembler', '')?.socCode).toBe('51-9199');
    expect(matcher.match('Telegraphic Typewriter Operator', '')?.socCode).toBe('43-9022');
  });

  it('keeps a supervisor answer for a title the supervisors list word for word, or that names the rank', () => {
    expect(matcher.match('Fire Marshal', '')).toMatchObject({ socCode: '33-1021', rating: 'Confident' });
    expect(matcher.match('Wireworker Supervisor', '')?.socCode).toBe('49-1011');
  });

  it('answers a trainee or apprentice of a worker’s title as the workers, not their supervisors', () => {
    expect(matcher.match('Trainee Wireworker', '')?.socCode).toBe('51-9199');
    expect(matcher.match('Apprentice Component Assembler', '')?.socCode).not.toBe('51-1011');
  });
});
