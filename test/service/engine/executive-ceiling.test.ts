import { jobSpec, type JobScope } from '../../../src/domain/job';
import { createPricingEngine } from '../../../src/service/engine/engine';
import { FULL_SCOPE, type PricingEngine } from '../../../src/service/contracts';
import { socMatcher, testIndex } from './test-index';

/**
 * A seniority shift (docs/methodology.md "Level window") never prices a job above the chief executives
 * (11-1011) of the same scope, and never below the occupation's own unshifted figures: the ceiling caps what
 * the level window added, not an occupation's measured pay (surgeons earn more than many CEOs and keep it).
 */
let engine: PricingEngine;
beforeAll(async () => {
  const index = await testIndex();
  engine = createPricingEngine(index, socMatcher(index));
}, 120_000);

const SCOPES: ReadonlyArray<Partial<JobScope>> = [
  {},
  { country: 'USA', state: 'CA', city: 'San Jose' },
  { country: 'USA', state: 'MS' },
  { country: 'USA', state: 'NY', city: 'New York', naics: '52', fte: 5000 },
];
const SALARY = ['Salary10', 'Salary25', 'Salary50', 'Salary75', 'Salary90'] as const;

function salaries(soc: string, shift: number, scope: Partial<JobScope>): number[] {
  const out = engine.price(jobSpec({ title: `soc:${soc}@${shift}`, scope }), FULL_SCOPE);
  if (!out.ok) throw new Error(`${soc}: ${out.message}`);
  return SALARY.map((f) => out.result[f] as number);
}

describe('the chief-executive ceiling on level shifts', () => {
  it.each(['11-2022', '11-3031', '13-2011', '29-1249', '15-1252'])(
    '%s at +2 stays between its own figures and max(its own, the CEO figures), per percentile and scope',
    (soc) => {
      for (const scope of SCOPES) {
        const ceo = salaries('11-1011', 0, scope);
        const own = salaries(soc, 0, scope);
        const senior = salaries(soc, 2, scope);
        senior.forEach((v, i) => {
          expect(v).toBeGreaterThanOrEqual(own[i] as number);
          expect(v).toBeLessThanOrEqual(Math.max(ceo[i] as number, own[i] as number) + 1);
        });
      }
    },
  );

  it('binds for an executive window: a +2 Sales Manager in Jackson, MS is not paid above its CEOs', () => {
    const scope = { country: 'USA', state: 'MS' };
    const ceo = salaries('11-1011', 0, scope);
    const vp = salaries('11-2022', 2, scope);
    expect(vp[4]).toBeLessThanOrEqual(Math.max(ceo[4] as number, salaries('11-2022', 0, scope)[4] as number));
  });
});
