import { WordRepair, withinOneEdit } from '../../../src/service/matching/word-repair';
import type { OnetMatcher } from '../../../src/service/matching/matcher';
import { loadRealMatcher } from './onet-part-fixture';

describe('WordRepair on a small vocabulary (typos and HR short forms)', () => {
  const vocab = [
    'electrician',
    'election',
    'custodian',
    'worker',
    'workshop',
    'clerk',
    'maintenance',
    'cook',
    'book',
    'rare',
    'cryptologist',
    'drywall',
    'roofer',
  ];
  const counts = [40, 3, 20, 90, 4, 50, 30, 25, 5, 1, 3, 26, 12];
  const repair = new WordRepair(vocab, counts, (w) => vocab.includes(w));

  it('reads a one-edit typo of a long word as that word (insertion, deletion, substitution, swap)', () => {
    expect(repair.repair('electician')).toBe('electrician');
    expect(repair.repair('electricians')).toBe('electrician');
    expect(repair.repair('elextrician')).toBe('electrician');
    expect(repair.repair('elcetrician')).toBe('electrician');
    expect(repair.repair('maintanance')).toBe('maintenance');
  });

  it('keeps the first letter: a dropped or swapped one is restored, a changed or added one is no typo', () => {
    expect(repair.repair('lectrician')).toBe('electrician');
    expect(repair.repair('leectrician')).toBe('electrician');
    expect(repair.repair('alectrician')).toBeNull();
    expect(repair.repair('aelectrician')).toBeNull();
    // "Hoofer" and "Droofer" would read as roofers by one edit at the first letter.
    expect(repair.repair('hoofer')).toBeNull();
    expect(repair.repair('droofer')).toBeNull();
    expect(repair.repair('rooferr')).toBe('roofer');
  });

  it('reads a short form as the most used word that holds its letters in order, a prefix first', () => {
    expect(repair.repair('custdn')).toBe('custodian');
    expect(repair.repair('wkr')).toBe('worker');
    expect(repair.repair('clk')).toBe('clerk');
    expect(repair.repair('maint')).toBe('maintenance');
  });

  it('reads a derived form as the title word of its stem, a field in "-ology" as its "-ologist"', () => {
    expect(repair.repair('drywaller')).toBe('drywall');
    expect(repair.repair('cryptology')).toBe('cryptologist');
  });

  it('does not read an activity in "-ing" as its worker', () => {
    expect(repair.repair('roofing')).toBeNull();
  });

  it('leaves known words, short typos, rare words and nonsense alone', () => {
    expect(repair.repair('cook')).toBeNull();
    expect(repair.repair('cokk')).toBeNull();
    expect(repair.repair('rar')).toBeNull();
    expect(repair.repair('xyzzy')).toBeNull();
    expect(repair.repair('qwerty')).toBeNull();
  });

  it('leaves a word of O*NET prose alone unless the reading is a form of it (docs/methodology.md §2a)', () => {
    const words = ['insect', 'chart', 'equipment', 'refueler', 'worker'];
    const prose = new Set(['inspect', 'chat', 'equip', 'refuel']);
    const own = new WordRepair(
      words,
      [5, 9, 40, 3, 90],
      (w) => words.includes(w),
      (t) => prose.has(t),
    );
    // A typo and a skeleton of another word: "inspect" is no insect, "chat" no chart.
    expect(own.repair('inspect')).toBeNull();
    expect(own.repair('chat')).toBeNull();
    // A typo of the same word and a prefix short form are still read.
    expect(own.repair('refueller')).toBe('refueler');
    expect(own.repair('equip')).toBe('equipment');
    // A word prose does not use is still a typo.
    expect(own.repair('wroker')).toBe('worker');
  });

  it('tells one edit from two', () => {
    expect(withinOneEdit('regsitered', 'registered')).toBe(true);
    expect(withinOneEdit('registerd', 'registered')).toBe(true);
    expect(withinOneEdit('regstred', 'registered')).toBe(false);
    expect(withinOneEdit('abcdef', 'abcxyf')).toBe(false);
  });
});

describe('the matcher with word repair, on the real O*NET index', () => {
  let matcher: OnetMatcher;
  beforeAll(async () => {
    matcher = await loadRealMatcher();
  }, 120_000);

  it('answers HR-system short forms and typos that got "No matching job found" before', () => {
    expect(matcher.match('Custdn', '')?.socCode).toBe('37-2011');
    expect(matcher.match('Electician', '')?.socCode).toBe('47-2111');
    expect(matcher.match('Lndscp Wkr', '')?.socCode).toBe('37-3011');
  });

  it('reads a one-edit typo as the word before splitting it as a closed compound', () => {
    // "Managment" would split into two words only task statements use ("manag", "ment").
    expect(matcher.match('Managment Analyst', '')?.socCode).toBe('13-1111');
    expect(matcher.match('Warehose Worker', '')?.socCode).toBe('53-7062');
  });

  it('reads a field O*NET names only by its practitioner ("-ology" as "-ologist")', () => {
    expect(matcher.match('Cryptology Analyst', '')?.socCode).toBe('15-1212');
    expect(matcher.match('Electrology Technician', '')?.socCode).toBe('39-5094');
  });

  it('reads an ordinary word of O*NET prose as itself, not as a title word one edit away', () => {
    // "grooming" is no "grooving", "inspect" no "insect", "chat" no "chart".
    expect(matcher.match('Pet Grooming Assistant', '')?.socCode).toBe('39-2021');
    expect(matcher.match('Inspect Technician', '')?.socCode).toBe('51-9061');
    expect(matcher.match('Chat Support Agent', '')?.socCode).toBe('43-4051');
  });

  it('still finds nothing for nonsense', () => {
    expect(matcher.match('asdf qwerty', '')).toBeNull();
    expect(matcher.match('xyzzy', '')).toBeNull();
  });
});
