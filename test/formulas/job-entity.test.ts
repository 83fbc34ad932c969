import type { JobResult } from '../../src/api/wire';
import { dataSourceFor, jobEntity, REFERENCE_DATA } from '../../src/formulas/job-entity';

/**
 * The JOBPRICE.JOB card, built from one answer: what the cell shows, every field as a property in the
 * formats the pane writes (D1 money in the answer's currency, D2 bonus in percent), what is left out when
 * the data scope omits it (D15), and who the data is attributed to.
 */

const RESULT: JobResult = {
  Salary10: 81000,
  Salary25: 101500,
  Salary50: 132000,
  Salary75: 163250,
  Salary90: 198000,
  Comp10: 86000,
  Comp25: 108000,
  Comp50: 141000,
  Comp75: 175000,
  Comp90: 214000,
  BonusTarget50: 7.5,
  BonusTargetAvg: 9.25,
  CurrencyCode: 'USD',
  MatchRating: 'Confident',
  MatchedJobCode: '15-1252.00',
  MatchedJobTitle: 'Software Developers',
  JobFamilyName: 'Computer and Mathematical',
  JobLevelName: 'Experienced',
  DataEffectiveDate: '2025-05-01',
  DataScope_IndustryCode: '',
  DataScope_IndustryName: 'All Industries',
  DataScope_CountryCode: 'USA',
  DataScope_Region: 'Seattle-Tacoma-Bellevue, WA',
  DataScope_State: 'WA',
  DataScope_City: 'Seattle',
};
const PRICED = Date.UTC(2026, 4, 1, 10, 22, 33, 456);

describe('the JOBPRICE.JOB entity', () => {
  const entity = jobEntity(RESULT, { title: 'Senior Software Engineer' }, PRICED, REFERENCE_DATA);

  it('shows the benchmark priced, with the card titled by it and subtitled by the wage area', () => {
    expect(entity.type).toBe('Entity');
    expect(entity.text).toBe('Software Developers');
    expect(entity.layouts.card.title).toEqual({ property: 'MatchedJobTitle' });
    expect(entity.layouts.card.subTitle).toEqual({ property: 'DataScope_Region' });
  });

  it('holds every result field, the title asked, when it was priced and the data source, as properties', () => {
    // The result fields in their column order (RESULT_FIELDS), then the three of the card's own.
    expect(Object.keys(entity.properties)).toEqual(PROPERTY_ORDER);
    expect(entity.properties.JobTitle).toMatchObject({
      type: 'String',
      basicValue: 'Senior Software Engineer',
    });
    expect(entity.properties.PricedAt).toMatchObject({ type: 'String', basicValue: '2026-05-01T10:22:33Z' });
    expect(entity.properties.DataSource).toMatchObject({ basicValue: REFERENCE_DATA.name });
    // D11: the size band not applied is an empty text, as FIELD shows it.
    expect(entity.properties.DataScope_FTERange).toMatchObject({ type: 'String', basicValue: '' });
  });

  it('formats money in the answer currency and bonus targets as percentages of base', () => {
    expect(entity.properties.Salary50).toEqual({
      type: 'FormattedNumber',
      basicValue: 132000,
      numberFormat: '[$$-409]#,##0',
      propertyMetadata: expect.objectContaining({
        sublabel: 'Base salary, median (50th percentile), annual',
      }),
    });
    expect(entity.properties.BonusTarget50).toMatchObject({ basicValue: 7.5, numberFormat: '0.0"%"' });
    const euro = jobEntity({ ...RESULT, CurrencyCode: 'EUR' }, { title: 'x' }, PRICED, REFERENCE_DATA);
    expect(euro.properties.Comp90).toMatchObject({ numberFormat: '[$€-x-euro2] #,##0' });
  });

  it('attributes pay to BLS OEWS and the match to O*NET (CC BY 4.0) for the reference service', () => {
    expect(entity.provider.description).toBe('BLS OEWS and O*NET (JobPrice reference service)');
    const pay = entity.properties.Salary10?.propertyMetadata?.attribution ?? [];
    expect(pay.map((a) => a.sourceText)).toEqual([
      'U.S. Bureau of Labor Statistics, Occupational Employment and Wage Statistics (OEWS)',
    ]);
    const match = entity.properties.MatchedJobCode?.propertyMetadata?.attribution ?? [];
    expect(match[0]).toMatchObject({
      sourceText: 'O*NET 29.3 / 30.3 Database by USDOL/ETA',
      licenseText: 'CC BY 4.0',
    });
  });

  it('names a service by what it announces: the reference data anywhere, another name as given', () => {
    expect(dataSourceFor('https://pay.example.com', 'BLS OEWS and O*NET (JobPrice reference service)')).toBe(
      REFERENCE_DATA,
    );
    const other = dataSourceFor('https://pay.example.com', 'Acme Pay Survey 2026');
    expect(other.name).toBe('Acme Pay Survey 2026');
    expect(other.figures[0]).toEqual({
      sourceText: 'Acme Pay Survey 2026',
      sourceAddress: 'https://pay.example.com',
    });
    // An announcement wins over the loopback guess.
    expect(dataSourceFor('http://127.0.0.1:8600', 'Acme Pay Survey 2026').name).toBe('Acme Pay Survey 2026');
  });

  it('names another service by its host, for the provider and every attribution', () => {
    for (const url of ['http://127.0.0.1:8600', 'https://localhost:3000', 'http://[::1]:8600'])
      expect(dataSourceFor(url)).toBe(REFERENCE_DATA);
    const other = dataSourceFor('https://api.payscale.example.com/v2');
    expect(other.name).toBe('api.payscale.example.com');
    const card = jobEntity(RESULT, { title: 'x' }, PRICED, other);
    expect(card.provider.description).toBe('api.payscale.example.com');
    expect(card.properties.Salary50?.propertyMetadata?.attribution?.[0]?.sourceText).toBe(
      'api.payscale.example.com',
    );
  });

  it('lays the card out in sections, leaving out what the scope omits (D15) and what is blank', () => {
    const baseOnly: JobResult = { ...RESULT };
    for (const f of ['Comp10', 'Comp25', 'Comp50', 'Comp75', 'Comp90', 'BonusTarget50', 'BonusTargetAvg'])
      delete (baseOnly as Record<string, unknown>)[f];
    const card = jobEntity(baseOnly, { title: 'x' }, PRICED, REFERENCE_DATA);
    expect(card.properties.Comp50).toBeUndefined();
    expect(card.layouts.card.sections.map((s) => s.title)).toEqual(['Base salary', 'Match', 'Data']);
    const data = card.layouts.card.sections.find((s) => s.title === 'Data');
    expect(data?.collapsed).toBe(true);
    expect(data?.properties).not.toContain('DataScope_FTERange');
    expect(data?.properties).toEqual(
      expect.arrayContaining(['DataScope_Region', 'DataEffectiveDate', 'PricedAt']),
    );
  });

  it('falls back to the job family, then the title asked, when the service names no benchmark (D17)', () => {
    const { MatchedJobTitle: _t, MatchedJobCode: _c, ...unnamed } = RESULT;
    const card = jobEntity(unnamed, { title: 'Nurse' }, PRICED, REFERENCE_DATA);
    expect(card.text).toBe('Computer and Mathematical');
    expect(card.layouts.card.title).toEqual({ property: 'JobTitle' });
    expect(card.properties.MatchedJobTitle).toMatchObject({ basicValue: '' });
    const { JobFamilyName: _f, ...bare } = unnamed;
    expect(jobEntity(bare, { title: 'Nurse' }, PRICED, REFERENCE_DATA).text).toBe('Nurse');
  });
});

const PROPERTY_ORDER = [
  'Salary10',
  'Salary25',
  'Salary50',
  'Salary75',
  'Salary90',
  'Comp10',
  'Comp25',
  'Comp50',
  'Comp75',
  'Comp90',
  'BonusTarget50',
  'BonusTargetAvg',
  'CurrencyCode',
  'MatchRating',
  'MatchedJobCode',
  'MatchedJobTitle',
  'JobFamilyName',
  'JobLevelName',
  'DataEffectiveDate',
  'DataScope_IndustryCode',
  'DataScope_IndustryName',
  'DataScope_FTERange',
  'DataScope_RevenueRange',
  'DataScope_CountryCode',
  'DataScope_Region',
  'DataScope_State',
  'DataScope_City',
  'JobTitle',
  'PricedAt',
  'DataSource',
];
