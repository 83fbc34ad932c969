import fc from 'fast-check';
import type { Percentiles } from '../../../src/service/data/index-types';
import {
  AVERAGE_BONUS_SHARE_BY_ECEC_GROUP,
  bonusShares,
  ececGroupOf,
  PERCENTILE_MULTIPLIERS,
} from '../../../src/service/pricing/bonus';
import { industryAllowed, parseIndustry } from '../../../src/service/pricing/industry';
import { shiftWindow } from '../../../src/service/pricing/level-window';
import { socFallbacks } from '../../../src/service/pricing/occupation';
import { sizeAdjustment, sizeBandTable } from '../../../src/service/pricing/size';
import { FULL_SCOPE } from '../../../src/service/contracts';
import { MSG } from '../../../src/domain/messages';

const percentiles = fc
  .array(fc.integer({ min: 15_000, max: 400_000 }), { minLength: 5, maxLength: 5 })
  .map((a) => [...a].sort((x, y) => x - y) as unknown as Percentiles);

describe('level window', () => {
  test('shift 0 returns the figures themselves', () => {
    fc.assert(fc.property(percentiles, (p) => expect(shiftWindow(p, 0)).toBe(p)));
  });
  test('any shift keeps the percentiles non-decreasing and moves them the right way', () => {
    fc.assert(
      fc.property(percentiles, fc.integer({ min: -2, max: 2 }), (p, s) => {
        const q = shiftWindow(p, s);
        for (let i = 1; i < 5; i++) expect(q[i]).toBeGreaterThanOrEqual((q[i - 1] as number) - 1e-9);
        for (let i = 0; i < 5; i++) {
          if (s > 0) expect(q[i]).toBeGreaterThanOrEqual((p[i] as number) - 1e-6);
          if (s < 0) expect(q[i]).toBeLessThanOrEqual((p[i] as number) + 1e-6);
        }
      }),
    );
  });
  test('a flat (top-coded) upper tail stays at the cap', () => {
    const q = shiftWindow([100_000, 150_000, 200_000, 239_200, 239_200], 2);
    expect(q[4]).toBeCloseTo(239_200, 6);
  });
});

describe('D11 size bands', () => {
  test('ranges are <low>-<high> whole numbers and do not overlap', () => {
    for (const by of ['FTE', 'Revenue'] as const) {
      const bands = sizeBandTable().filter((b) => b.by === by);
      for (const b of bands) expect(b.range).toMatch(/^\d+-\d+$/);
      for (let i = 1; i < bands.length; i++) {
        const prevHigh = Number((bands[i - 1] as { range: string }).range.split('-')[1]);
        const low = Number((bands[i] as { range: string }).range.split('-')[0]);
        expect(low).toBe(prevHigh + 1);
      }
    }
  });
  test('factors rise with size, 100-499 is neutral, and follow the ECEC figures at elasticity 0.5', () => {
    expect(sizeAdjustment(250, 0)?.factor).toBe(1);
    expect(sizeAdjustment(10, 0)?.factor).toBeCloseTo(Math.sqrt(17.28 / 20.56), 10);
    expect(sizeAdjustment(60, 0)?.factor).toBeCloseTo(Math.sqrt(19.13 / 20.56), 10);
    expect(sizeAdjustment(600, 0)?.factor).toBeCloseTo(Math.sqrt(28.29 / 20.56), 10);
    expect(sizeAdjustment(0, 0)).toBeNull();
    expect(sizeAdjustment(0, 20_000_000)).toMatchObject({ by: 'Revenue', range: '10000000-49999999' });
  });
  test('every value lands in exactly the band that contains it', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 1e12, noNaN: true }), fc.boolean(), (v, byFte) => {
        const s = byFte ? sizeAdjustment(v, 0) : sizeAdjustment(0, v);
        const [low, high] = (s?.range ?? '').split('-').map(Number) as [number, number];
        const whole = Math.floor(v);
        if (whole <= high) expect(whole).toBeGreaterThanOrEqual(low);
      }),
    );
  });
});

describe('bonus model', () => {
  test('SOC major groups map to the ECEC groups', () => {
    expect(ececGroupOf('15-1252')).toBe('managementProfessional');
    expect(ececGroupOf('25-2021')).toBe('education');
    expect(ececGroupOf('35-3023')).toBe('service');
    expect(ececGroupOf('41-2011')).toBe('salesOffice');
    expect(ececGroupOf('47-2111')).toBe('naturalResourcesConstruction');
    expect(ececGroupOf('53-3032')).toBe('productionTransport');
  });
  test('unlevelled average share is the ECEC-derived share; multipliers average to 1 and rise with percentile', () => {
    expect(bonusShares('15-1252', 0).average).toBe(AVERAGE_BONUS_SHARE_BY_ECEC_GROUP.managementProfessional);
    const w = [0.175, 0.2, 0.25, 0.2, 0.175];
    expect(PERCENTILE_MULTIPLIERS.reduce((s, m, i) => s + m * (w[i] as number), 0)).toBeCloseTo(1, 12);
    for (let i = 1; i < 5; i++)
      expect(PERCENTILE_MULTIPLIERS[i]).toBeGreaterThan(PERCENTILE_MULTIPLIERS[i - 1] as number);
  });
  test('senior levels carry larger shares, never negative', () => {
    expect(bonusShares('13-2011', 2).average).toBeGreaterThan(bonusShares('13-2011', 0).average);
    expect(bonusShares('13-2011', -2).average).toBeGreaterThan(0);
  });
});

describe('D10 industry parsing', () => {
  test('2-digit prefix of any length; ranges map to their sector', () => {
    expect(parseIndustry('541511')).toMatchObject({ ok: true, sector: { code: '54' } });
    expect(parseIndustry(' 33 ')).toMatchObject({ ok: true, sector: { code: '31-33', oewsKey: '31' } });
    expect(parseIndustry('')).toEqual({ ok: true, sector: null });
    expect(parseIndustry('99')).toEqual({ ok: false, message: MSG.industryNotRecognized('99') });
  });
  test('D15: client lists may name a sector by any of its prefixes or by its range', () => {
    const s = parseIndustry('44');
    if (!s.ok || s.sector === null) throw new Error('expected a sector');
    expect(industryAllowed(s.sector, FULL_SCOPE)).toBe(true);
    expect(industryAllowed(s.sector, { ...FULL_SCOPE, industries: ['45'] })).toBe(true);
    expect(industryAllowed(s.sector, { ...FULL_SCOPE, industries: ['44-45'] })).toBe(true);
    expect(industryAllowed(s.sector, { ...FULL_SCOPE, industries: ['51'] })).toBe(false);
  });
});

describe('SOC hierarchy fallback', () => {
  test('detailed -> broad -> minor -> major, without repeats', () => {
    expect(socFallbacks('15-1252').map((c) => c.code)).toEqual(['15-1252', '15-1250', '15-1200', '15-0000']);
    expect(socFallbacks('13-1020').map((c) => c.code)).toEqual(['13-1020', '13-1000', '13-0000']);
    expect(socFallbacks('bad')).toEqual([]);
  });
});
