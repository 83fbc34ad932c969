import type { JobSpec } from '../../src/domain/job';
import { jobKey } from '../../src/domain/job';
import { failure, success, type JobOutcome } from '../../src/domain/outcome';
import type { SendBatch } from '../../src/domain/plan-runner';
import type { JobResult } from '../../src/api/wire';
import { installSimHost, type SimHost } from '../sim-excel/host';
import type { CellValue, WorkbookInit } from '../sim-excel/model';

export const HEADERS = [
  'JobTitle',
  'JobDesc',
  'CompanyName',
  'CountryCode',
  'State',
  'City',
  'ZipCode',
  'NAICSCode',
  'FTEValue',
  'Revenue',
];

/** A test double of the service: figures derived from the job key, a title "nonsense…" has no match. */
export function fakeResult(spec: JobSpec): JobResult {
  let h = 0;
  for (const ch of jobKey(spec)) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const base = 40_000 + (h % 80_000);
  return {
    Salary10: base * 0.7,
    Salary25: base * 0.85,
    Salary50: base,
    Salary75: base * 1.2,
    Salary90: base * 1.45,
    Comp10: base * 0.75,
    Comp25: base * 0.9,
    Comp50: base * 1.08,
    Comp75: base * 1.3,
    Comp90: base * 1.6,
    BonusTarget50: 7.5,
    BonusTargetAvg: 9.25,
    CurrencyCode: 'USD',
    MatchRating: 'Confident',
    JobFamilyName: 'Family',
    JobLevelName: 'Level',
    DataScope_IndustryCode: '',
    DataScope_IndustryName: 'All Industries',
    DataScope_CountryCode: 'USA',
    DataScope_Region: 'United States',
    DataScope_State: spec.scope.state,
    DataScope_City: spec.scope.city,
  };
}

export interface FakeService {
  send: SendBatch<JobResult>;
  calls: Array<{ ids: string[] }>;
}

export function fakeService(opts: { delayMs?: number } = {}): FakeService {
  const calls: Array<{ ids: string[] }> = [];
  const send: SendBatch<JobResult> = async (items, signal) => {
    calls.push({ ids: items.map((i) => i.id) });
    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    if (signal.aborted) throw new Error('aborted');
    const out = new Map<string, JobOutcome<JobResult>>();
    for (const { id, spec } of items) {
      out.set(
        id,
        spec.title.toLowerCase().startsWith('nonsense')
          ? failure('service', 'No matching job found')
          : success(fakeResult(spec)),
      );
    }
    return out;
  };
  return { send, calls };
}

export function jobRow(i: number, over: Partial<Record<number, CellValue>> = {}): CellValue[] {
  const row: CellValue[] = [`Job ${i}`, '', `Company ${i % 7}`, '', 'MA', '', '', '', 10 + (i % 5), ''];
  for (const [k, v] of Object.entries(over)) row[Number(k)] = v as CellValue;
  return row;
}

export function install(init: WorkbookInit): SimHost {
  return installSimHost(init);
}

export function rect(r0: number, c0: number, r1: number, c1: number) {
  return { r0, c0, r1, c1 };
}
