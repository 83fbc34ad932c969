import type { ExtraParameter, FunctionEntry } from './function-catalog';

/**
 * The catalog's entries for the work after pricing (docs/functions.md): where a current pay sits in its
 * job's market, priced and coalesced like every other function while the pay itself stays in the
 * workbook, and the composite of the analyst's own surveys, computed locally. Their bodies are in
 * src/functions/analyst.ts.
 */

/** The current pay a market function compares: read in the workbook, never sent with the job. */
const PAY: ExtraParameter = {
  param: 'pay',
  tsType: 'number | string',
  optional: false,
  help: 'Current annual pay (for an hourly rate, the rate × 2,080). It stays in the workbook: only the job is sent.',
};

/** After pricing: where a pay sits in its market, and the composite of the analyst's own surveys. */
export const ANALYST_FUNCTIONS: readonly FunctionEntry[] = [
  {
    id: 'MARKETRATIO',
    exportName: 'marketRatio',
    description:
      "Current pay ÷ the job's market median (Salary50), to two decimals: 1.00 is the median, 0.90 is 10 % below it.",
    returnsHelp: 'Pay ÷ Salary50.',
    returns: { kind: 'marketRatio' },
    leading: [PAY],
  },
  {
    id: 'MARKETPERCENTILE',
    exportName: 'marketPercentile',
    description:
      'Where current pay falls among the job\'s market percentiles (P10–P90, interpolated on a log scale): a whole percentile, or "<10" / ">90" outside them.',
    returnsHelp: 'The percentile of the pay, or "<10" / ">90".',
    returns: { kind: 'marketPercentile' },
    leading: [PAY],
  },
  {
    id: 'COMPOSITE',
    exportName: 'composite',
    description:
      'Weighted composite of survey figures, each aged from its own date to one date, computed in the workbook (no service call). An empty figure drops out and the other weights are normalised.',
    returnsHelp: 'The weighted, aged composite.',
    returns: { kind: 'composite' },
    jobArguments: false,
    leading: [
      {
        param: 'values',
        tsType: 'unknown[][]',
        optional: false,
        help: 'The figures, e.g. B2:D2; an empty cell drops out of the composite.',
      },
      {
        param: 'weights',
        tsType: 'unknown[][]',
        optional: false,
        help: 'A weight for each figure, as many as values (2 and 1 are two thirds and one third); leave empty for equal weights.',
      },
      {
        param: 'dates',
        tsType: 'unknown[][]',
        optional: true,
        help: "Each figure's effective date (a date or YYYY-MM-DD text), as many as values; leave out to average the figures as they are.",
      },
      {
        param: 'agedTo',
        tsType: 'number | string | null',
        optional: true,
        help: 'The date every figure is aged to; the latest of the dates when left out.',
      },
      {
        param: 'rate',
        tsType: 'number | null',
        optional: true,
        help: 'Yearly aging rate, e.g. 3% (the default) or 0.03.',
      },
    ],
  },
];
