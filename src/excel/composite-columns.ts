/**
 * The columns the composite card writes (src/usecases/composite.ts computes them with
 * src/domain/composite.ts). P25 and P75 are written only when a chosen source gives them.
 */

export const COMPOSITE_P25_HEADER = 'Composite P25';
export const COMPOSITE_P50_HEADER = 'Composite P50';
export const COMPOSITE_P75_HEADER = 'Composite P75';
/** How many sources the row's P50 rests on (a source with an empty cell drops out of that row). */
export const COMPOSITE_SOURCES_HEADER = 'Composite Sources';
/** The common date every source was aged to. */
export const COMPOSITE_AS_OF_HEADER = 'Composite As Of';

export const COMPOSITE_HEADERS: readonly string[] = [
  COMPOSITE_P25_HEADER,
  COMPOSITE_P50_HEADER,
  COMPOSITE_P75_HEADER,
  COMPOSITE_SOURCES_HEADER,
  COMPOSITE_AS_OF_HEADER,
];
