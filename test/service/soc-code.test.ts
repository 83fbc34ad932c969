import {
  broadOccupationCode,
  isAllOther,
  isDoctorLike,
  isMinorGroupResidual,
  isPhysicianOrSurgeon,
  isSocCode,
  isSocDetailedOccupation,
  majorGroupCode,
  minorGroupCode,
  sameMajorGroup,
  socOf,
} from '../../src/service/soc-code';

/** The SOC 2018 code structure, with codes written out from the SOC's own list. */
describe('SOC codes', () => {
  it('reads the levels of a code', () => {
    expect(socOf('15-1299.09')).toBe('15-1299');
    expect(socOf('15-1252')).toBe('15-1252');
    expect(majorGroupCode('15-1252')).toBe('15-0000');
    expect(minorGroupCode('15-1252')).toBe('15-1200');
    expect(broadOccupationCode('15-1252')).toBe('15-1250');
    expect(sameMajorGroup('29-1141', '29-2061.00')).toBe(true);
    expect(sameMajorGroup('29-1141', '31-1131')).toBe(false);
  });

  it('tells SOC codes and O*NET specialisations apart', () => {
    expect(isSocCode('29-1229')).toBe(true);
    expect(isSocCode('29-1229.00')).toBe(false);
    expect(isSocDetailedOccupation('29-1229.00')).toBe(true);
    expect(isSocDetailedOccupation('29-1229.02')).toBe(false);
  });

  it('knows physicians and surgeons from the other diagnosing practitioners', () => {
    for (const code of ['29-1211', '29-1229', '29-1229.02', '29-1241', '29-1249'])
      expect({ code, physician: isPhysicianOrSurgeon(code) }).toEqual({ code, physician: true });
    // Acupuncturists, dental hygienists and the practitioners' "All Other" are not physicians.
    for (const code of ['29-1291', '29-1292', '29-1299', '29-1171', '29-1051'])
      expect({ code, physician: isPhysicianOrSurgeon(code) }).toEqual({ code, physician: false });
    expect(isDoctorLike('29-1299')).toBe(true);
    expect(isDoctorLike('29-1171')).toBe(false);
  });

  it('knows the "All Other" occupations', () => {
    expect(isAllOther('29-1229')).toBe(true);
    expect(isAllOther('15-1299.09')).toBe(true);
    expect(isAllOther('29-1221')).toBe(false);
    expect(isMinorGroupResidual('15-1299.09')).toBe(true);
    expect(isMinorGroupResidual('29-1229')).toBe(false);
  });
});
