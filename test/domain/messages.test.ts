/**
 * Conformance of src/domain/messages.ts to the contract texts, spelled out literally here (copied from the
 * API document's error and limit tables and from D1–D21, as docs/api.md and docs/decisions.md give them):
 * the add-in's local validation and the reference service both produce MSG's strings and the other tests
 * compare against MSG, so this file is the one place where a typo in MSG (say "Get the service faild.") fails.
 */
import { BATCH_LIMIT, BOTH_FTE_AND_REVENUE_PREFIX, MSG } from '../../src/domain/messages';

/** Every message text the contract writes out, placeholders as the documents write them. */
const CONTRACT_TEXTS = {
  'required fields missing; D4': 'Get the service failed.',
  'location incomplete; D7': 'Location request is incomplete',
  // The API document gives the start, then says the message asks that a value be given for only one of the two.
  'both FTEValue and Revenue; D5':
    'DataScope error: cannot scope job by both FTEValue and Revenue. <asks for only one of the two>',
  'duplicate SubRequestID': 'SubRequestID for each subrequest must be unique, duplicate SubRequestID: <id>.',
  'SubRequestID missing': 'The SubRequestID field is required.',
  'more than 200': 'Batch subrequest limit exceeded. Only 200 subrequest allowed in each API call.',
  'D3 no match': 'No matching job found',
  'D5 negative': 'DataScope error: FTEValue and Revenue must not be negative.',
  'D8 unresolved place': 'Location could not be resolved: <what>',
  'D8 / D15 no data for a country': 'No data for country <code>',
  'D10 unknown sector': 'Industry code not recognized: <code>',
  'D12 empty batch': 'Batch request must contain at least one subrequest.',
  'D19 unknown job code': 'Job code not recognized: <code>',
  'D21 text too long': '<Field> is too long (at most <N> characters).',
  // D18 gives the range (1-10) but no wording; this is the reference service's own sentence, pinned here
  // so that changing it is a deliberate edit of this file.
  'D18 MaxCandidates out of range (own wording)': 'MaxCandidates must be a whole number from 1 to 10.',
} as const;

describe('domain/messages.ts says exactly what the contract says', () => {
  it.each([
    ['serviceFailed', MSG.serviceFailed, 'Get the service failed.'],
    ['locationIncomplete', MSG.locationIncomplete, 'Location request is incomplete'],
    [
      'bothFteAndRevenue',
      MSG.bothFteAndRevenue,
      'DataScope error: cannot scope job by both FTEValue and Revenue. Please provide a value for only one of FTEValue or Revenue.',
    ],
    [
      'negativeFteOrRevenue',
      MSG.negativeFteOrRevenue,
      'DataScope error: FTEValue and Revenue must not be negative.',
    ],
    ['noMatch', MSG.noMatch, 'No matching job found'],
    ['subRequestIdRequired', MSG.subRequestIdRequired, 'The SubRequestID field is required.'],
    [
      'batchLimitExceeded',
      MSG.batchLimitExceeded,
      'Batch subrequest limit exceeded. Only 200 subrequest allowed in each API call.',
    ],
    ['batchEmpty', MSG.batchEmpty, 'Batch request must contain at least one subrequest.'],
    [
      'duplicateSubRequestId("r-7")',
      MSG.duplicateSubRequestId('r-7'),
      // The spec's sentence ends with "<id>." where the full stop closes its table cell, not the message.
      'SubRequestID for each subrequest must be unique, duplicate SubRequestID: r-7',
    ],
    [
      'locationUnresolved("ZIP 00000")',
      MSG.locationUnresolved('ZIP 00000'),
      'Location could not be resolved: ZIP 00000',
    ],
    ['noDataForCountry("FRA")', MSG.noDataForCountry('FRA'), 'No data for country FRA'],
    ['industryNotRecognized("99")', MSG.industryNotRecognized('99'), 'Industry code not recognized: 99'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('D5: the both-FTE-and-Revenue message starts with the documented text and then asks for only one of the two', () => {
    expect(BOTH_FTE_AND_REVENUE_PREFIX).toBe(
      'DataScope error: cannot scope job by both FTEValue and Revenue.',
    );
    expect(MSG.bothFteAndRevenue.startsWith(BOTH_FTE_AND_REVENUE_PREFIX)).toBe(true);
    expect(MSG.bothFteAndRevenue.slice(BOTH_FTE_AND_REVENUE_PREFIX.length)).toMatch(
      /only one of FTEValue or Revenue/,
    );
  });

  it('200 sub-requests per batch call', () => {
    expect(BATCH_LIMIT).toBe(200);
  });

  it('every MSG entry (also ones added later) reads as one of the contract texts above', () => {
    const patterns = Object.values(CONTRACT_TEXTS).map(
      (text) =>
        new RegExp(
          `^${text
            .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
            .replace(/<[^>]+>/g, '.+')
            // The spec's duplicate-id sentence closes its table cell with a full stop after <id>.
            .replace(/\\\.$/, '\\.?')}$`,
        ),
    );
    const offenders = Object.entries(MSG)
      .map(([key, value]) => {
        const fn = value as string | ((...args: string[]) => string);
        const text = typeof fn === 'function' ? fn('Sample1', 'Sample2', 'Sample3') : fn;
        return { key, text };
      })
      .filter(({ text }) => !patterns.some((p) => p.test(text)));
    expect(offenders).toEqual([]);
  });
});
