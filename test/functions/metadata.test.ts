import { loadFunctionsHost, type FunctionsHost } from './support/functions-host';

/**
 * functions.json as the webpack plugin generates it (same package, same call): every function, every
 * parameter and every description is there, and each function id is associated exactly once.
 */

const EXPECTED_IDS = [
  'SALARY10',
  'SALARY25',
  'SALARY50',
  'SALARY75',
  'SALARY90',
  'COMP10',
  'COMP25',
  'COMP50',
  'COMP75',
  'COMP90',
  'BONUSTARGET50',
  'BONUSTARGETAVG',
  'MATCHRATING',
  'JOBFAMILY',
  'JOBLEVEL',
  'CURRENCY',
  'FIELD',
  'MATCH',
  'MARKETRATIO',
  'MARKETPERCENTILE',
  'COMPOSITE',
  'JOB',
];
const JOB_PARAMS = ['title', 'desc', 'country', 'state', 'city', 'zip', 'naics', 'fte', 'revenue'];
/** D19: every function ends with `jobcode`; MATCH keeps `header` where it was. */
const LAST = 'jobcode';
/** COMPOSITE prices no job: its own parameters, ranges first. */
const COMPOSITE_PARAMS = ['values', 'weights', 'dates', 'agedTo', 'rate'];

let host: FunctionsHost;
beforeAll(async () => {
  host = await loadFunctionsHost();
});

describe('functions.json (custom-functions-metadata)', () => {
  it('declares exactly the JOBPRICE functions, each with a description', () => {
    expect(host.metadata.map((f) => f.id).sort()).toEqual([...EXPECTED_IDS].sort());
    for (const f of host.metadata) {
      expect(f.name).toBe(f.id);
      expect(f.description?.length ?? 0).toBeGreaterThan(20);
    }
  });

  it('gives every function the job parameters in the documented order, described, all but title optional', () => {
    for (const f of host.metadata) {
      const names = f.parameters.map((p) => p.name);
      const expected =
        f.id === 'FIELD'
          ? ['name', ...JOB_PARAMS, LAST]
          : f.id === 'MATCH'
            ? [...JOB_PARAMS, 'header', LAST]
            : f.id === 'MARKETRATIO' || f.id === 'MARKETPERCENTILE'
              ? ['pay', ...JOB_PARAMS, LAST]
              : f.id === 'COMPOSITE'
                ? COMPOSITE_PARAMS
                : [...JOB_PARAMS, LAST];
      expect(names).toEqual(expected);
      for (const p of f.parameters) {
        expect(p.description?.length ?? 0).toBeGreaterThan(5);
        expect(Boolean(p.optional)).toBe(!['title', 'name', 'pay', 'values', 'weights'].includes(p.name));
      }
    }
  });

  it('declares the job parameters as "any", so a number or text from a cell reaches the function as is', () => {
    const salary = host.metadata.find((f) => f.id === 'SALARY50');
    expect(salary?.parameters.every((p) => p.type === 'any')).toBe(true);
    expect(salary?.result.type).toBe('number');
    expect(host.metadata.find((f) => f.id === 'MATCH')?.result.dimensionality).toBe('matrix');
  });

  it("takes COMPOSITE's values, weights and dates as ranges (matrix parameters)", () => {
    const params = host.metadata.find((f) => f.id === 'COMPOSITE')?.parameters ?? [];
    expect(
      params.map((p) => [p.name, (p as { dimensionality?: string }).dimensionality ?? 'scalar']),
    ).toEqual([
      ['values', 'matrix'],
      ['weights', 'matrix'],
      ['dates', 'matrix'],
      ['agedTo', 'scalar'],
      ['rate', 'scalar'],
    ]);
  });

  it('lets data types in and out: allowCustomDataForDataTypeAny, and JOB returns "any" (an entity value)', async () => {
    const { generateCustomFunctionsMetadata } = await import('custom-functions-metadata');
    const { FUNCTIONS_FILE } = await import('./support/functions-host');
    const json = JSON.parse(
      (await generateCustomFunctionsMetadata([FUNCTIONS_FILE], false)).metadataJson,
    ) as {
      allowCustomDataForDataTypeAny?: boolean;
    };
    // CustomFunctionsRuntime 1.4: with it, a parameter declared "any" receives a Geography, Stocks or
    // entity cell as its JSON (read through its text), and a function may return an entity.
    expect(json.allowCustomDataForDataTypeAny).toBe(true);
    const job = host.metadata.find((f) => f.id === 'JOB');
    expect(job?.result).toEqual({});
    expect(job?.parameters.every((p) => p.type === 'any')).toBe(true);
  });

  it("has every function associated to an exported function of functions.ts (as the plugin's loader does)", async () => {
    // Associating an id twice would throw in the fake, as it is a mistake in Excel too.
    // Arguments each function refuses before any call: a blank title, or a value that is no number.
    const refused = (id: string): unknown[] =>
      id === 'FIELD'
        ? ['Salary50', '']
        : id.startsWith('MARKET')
          ? [50_000, '']
          : id === 'COMPOSITE'
            ? ['x', 1]
            : [''];
    for (const id of EXPECTED_IDS)
      await expect(host.cell(id, ...refused(id))).rejects.toMatchObject({ code: '#VALUE!' });
  });
});
