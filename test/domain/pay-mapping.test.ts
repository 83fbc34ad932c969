import {
  detectMapping,
  fromStoredMapping,
  positionalMapping,
  toStoredMapping,
} from '../../src/domain/column-mapping';

/** The header mapping knows current-pay columns: annual ones and hourly ones (annualised at 2,080 hours). */
describe('current-pay columns by header', () => {
  test.each([
    'Current Salary',
    'Base Salary',
    'Annual Salary',
    'Base Pay',
    'Current Pay',
    'current_base_salary',
    'Salary',
  ])('%s is the annual pay', (header) =>
    expect(detectMapping(['Job Title', header])).toEqual({ title: 0, pay: 1 }),
  );
  test.each(['Hourly Rate', 'Pay Rate/hr', 'Hourly Wage', 'Rate per hour'])(
    '%s is the hourly pay',
    (header) => expect(detectMapping(['Job Title', header])).toEqual({ title: 0, hourlyPay: 1 }),
  );
  test("JobPrice's own Salary columns are not current pay", () => {
    expect(detectMapping(['Job Title', 'Salary50', 'Salary25'])).toEqual({ title: 0 });
  });
  test('without a header row, pay columns have no position: they are found by header only', () => {
    expect(Object.keys(positionalMapping(20))).not.toContain('pay');
    expect(Object.keys(positionalMapping(20))).not.toContain('hourlyPay');
  });
  test('"not used" is remembered for a pay column the sheet has, not for one it lacks, so one added later is found', () => {
    const withPay = ['Job Title', 'Base Salary'];
    expect(toStoredMapping({ title: 0 }, withPay).pay).toEqual({ none: true });
    const without = ['Job Title', 'State'];
    const stored = toStoredMapping({ title: 0, state: 1 }, without);
    expect(stored.pay).toBeUndefined();
    expect(stored.hourlyPay).toBeUndefined();
    // The sheet gains a pay column: the stored mapping leaves it to detection (the pane fills in what the
    // stored mapping does not mention), where a remembered "not used" would have hidden it.
    expect(fromStoredMapping(stored, [...without, 'Base Salary'], 3)).toEqual({ title: 0, state: 1 });
  });
});
