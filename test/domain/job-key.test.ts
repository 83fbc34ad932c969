import fc from 'fast-check';
import { jobKey, jobSpec } from '../../src/domain/job';

/** jobKey decides which rows share one sub-request and one cache entry, so it must neither split nor merge wrongly. */
describe('jobKey', () => {
  const base = { title: 'Software Developer', description: 'Builds software', company: 'Contoso' };

  it('folds case, surrounding space and inner runs of white space in every text field', () => {
    const a = jobSpec({ ...base, scope: { state: 'CA', city: 'San Jose' } });
    const b = jobSpec({
      title: '  software\t\tDEVELOPER ',
      description: 'builds\u00a0 software',
      company: 'CONTOSO',
      scope: { state: ' ca', city: 'san  jose' },
    });
    expect(jobKey(b)).toBe(jobKey(a));
  });

  it('treats a blank country as USA (D6)', () => {
    expect(jobKey(jobSpec({ ...base, scope: { country: '' } }))).toBe(
      jobKey(jobSpec({ ...base, scope: { country: 'usa' } })),
    );
  });

  it('keeps numbers exactly: FTEValue 250 and 251, Revenue 0 and 1 are different jobs', () => {
    expect(jobKey(jobSpec({ ...base, scope: { fte: 250 } }))).not.toBe(
      jobKey(jobSpec({ ...base, scope: { fte: 251 } })),
    );
    expect(jobKey(jobSpec({ ...base, scope: { revenue: 1 } }))).not.toBe(jobKey(jobSpec(base)));
  });

  it('cannot be fooled by a field that contains the separator: text never moves into the next field', () => {
    const shifted = jobSpec({ title: 'Nurse\u001fRN', description: '' });
    const split = jobSpec({ title: 'Nurse', description: 'RN' });
    expect(jobKey(shifted)).not.toBe(jobKey(split));
  });

  it('gives different keys to jobs whose folded text differs (property)', () => {
    const word = fc.stringMatching(/^[a-z]{1,8}$/);
    fc.assert(
      fc.property(word, word, word, word, (t1, t2, city1, city2) => {
        fc.pre(t1 !== t2 || city1 !== city2);
        const a = jobSpec({ title: t1, scope: { state: 'TX', city: city1 } });
        const b = jobSpec({ title: t2, scope: { state: 'TX', city: city2 } });
        expect(jobKey(a)).not.toBe(jobKey(b));
      }),
    );
  });
});
