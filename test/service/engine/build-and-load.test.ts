import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jobSpec } from '../../../src/domain/job';
import { buildIndex } from '../../../src/service/data/build';
import { loadPricingEngine } from '../../../src/service/engine';
import { FULL_SCOPE } from '../../../src/service/contracts';
import { MSG } from '../../../src/domain/messages';
import { RAW_DIR } from './test-index';

/**
 * End to end on the real raw files: build into a temp folder, rebuild is a no-op, then start the engine
 * with the real O*NET matcher and price by title.
 */
let out: string;
beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'jobprice-build-'));
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

test('build -> up to date -> load -> price "Registered Nurse" in San Jose', async () => {
  const first = await buildIndex({ rawDir: RAW_DIR, outDir: out });
  expect(first.upToDate).toBe(false);
  expect(first.manifest.vintages.oewsNationalPrimary).toBe('May 2025');
  const paths = first.manifest.sources.map((s) => s.path);
  expect(paths).toEqual(
    expect.arrayContaining([
      'oews/national_M2025_dl.xlsx',
      'geo/ZIP_COUNTY_092024.xlsx',
      // The measured area files and the county -> area map are recorded with their hashes.
      'oews-area/M2024/msa/msa.parquet',
      'oews-area/M2025/states/06.json.gz',
      'oews-area/M2024/nonmetro/0100001.json.gz',
      'oews-area/oflc-2025-26/Geography.csv.gz',
    ]),
  );
  // BEA price parities are no longer read: local pay is measured (docs/methodology.md).
  expect(paths.some((p) => p.startsWith('bea/'))).toBe(false);
  expect(new Set(paths).size).toBe(paths.length);
  for (const s of first.manifest.sources) expect(s.sha256).toMatch(/^[0-9a-f]{64}$/);

  const second = await buildIndex({ rawDir: RAW_DIR, outDir: out });
  expect(second.upToDate).toBe(true);

  const engine = await loadPricingEngine({ dataDir: out, rawDir: RAW_DIR });
  const rn = engine.price(
    jobSpec({ title: 'Registered Nurse', scope: { state: 'CA', city: 'San Jose' } }),
    FULL_SCOPE,
  );
  expect(rn.ok && rn.result).toMatchObject({
    DataScope_Region: 'San Jose-Sunnyvale-Santa Clara, CA',
    // D20: May 2024 metro figures moved to May 2025 are dated by the newer vintage.
    DataEffectiveDate: '2025-05-01',
    JobFamilyName: 'Healthcare Practitioners and Technical Occupations',
    CurrencyCode: 'USD',
  });
  const national = engine.price(jobSpec({ title: 'Registered Nurse' }), FULL_SCOPE);
  expect(rn.ok && national.ok && (rn.result.Salary50 as number) > (national.result.Salary50 as number)).toBe(
    true,
  );
  expect(engine.price(jobSpec({ title: 'zzzz qqqq' }), FULL_SCOPE)).toEqual({
    ok: false,
    message: MSG.noMatch,
  });

  // The request's NAICSCode reaches the matcher: at a university a chemistry teacher is a
  // postsecondary one, and the candidate list (D18) leads with the same occupation.
  const atCollege = jobSpec({ title: 'Chemistry Teacher', scope: { naics: '611310' } });
  const priced = engine.price(atCollege, FULL_SCOPE);
  expect(priced.ok && priced.result.MatchedJobCode).toBe('25-1052.00');
  const listed = engine.candidates(atCollege, FULL_SCOPE, 3);
  expect(listed.ok && listed.candidates[0]?.MatchedJobCode).toBe('25-1052.00');
}, 300_000);
