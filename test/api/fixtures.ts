/**
 * Shared set-up for the client tests: a client pointed at a scripted server, whose backoff sleeps are
 * recorded instead of waited (they still honour cancellation), so retry tests run fast and can assert
 * exactly how long the client would have waited.
 */
import { JobMarketClient, type ClientConfig } from '../../src/api/client';
import { apiErrors, JobPriceApiError } from '../../src/api/errors';
import { TEST_TOKEN, type ScriptedServer } from '../support/scripted-server';

export interface TestClient {
  client: JobMarketClient;
  /** Every delay the client asked to sleep, in order. */
  sleeps: number[];
}

export function testClient(server: ScriptedServer, overrides: Partial<ClientConfig> = {}): TestClient {
  const sleeps: number[] = [];
  const client = new JobMarketClient({
    baseUrl: server.url,
    getAccessToken: () => TEST_TOKEN,
    timeoutMs: 5_000,
    random: () => 0.5,
    sleep: async (ms, signal) => {
      sleeps.push(ms);
      if (signal?.aborted) throw apiErrors.cancelled();
    },
    ...overrides,
  });
  return { client, sleeps };
}

/** Runs `fn`, expecting a JobPriceApiError, and returns it for closer assertions. */
export async function apiErrorOf(fn: () => Promise<unknown>): Promise<JobPriceApiError> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof JobPriceApiError) return err;
    throw new Error(`Expected a JobPriceApiError, got: ${String(err)}`, { cause: err });
  }
  throw new Error('Expected a JobPriceApiError, but the call succeeded.');
}

/** A full result body (docs/api.md "A result") with made-up, D1-consistent figures. */
export function resultBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    MatchRating: 'Confident',
    Salary10: 50000,
    Salary25: 60000,
    Salary50: 70000.1234,
    Salary75: 80000,
    Salary90: 95000,
    Comp10: 52000,
    Comp25: 63000,
    Comp50: 75000,
    Comp75: 86000,
    Comp90: 101000,
    BonusTarget50: 10,
    BonusTargetAvg: 12.5,
    CurrencyCode: 'USD',
    DataScope_IndustryCode: '',
    DataScope_IndustryName: 'All Industries',
    DataScope_CountryCode: 'USA',
    DataScope_Region: 'United States',
    DataScope_State: '',
    DataScope_City: '',
    JobFamilyName: 'Computer and Mathematical',
    JobLevelName: 'Experienced',
    ...extra,
  };
}
