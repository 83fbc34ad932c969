import { EngineDouble } from '../support/engine-double';
import { FULL_CLIENT, startHarness, type Harness } from '../support/harness';

/**
 * D14: a client's bucket holds at most `burst` requests, however long it was idle. Guards the cap on the
 * refill: without it, a long quiet spell banks every request the rate allows over it and lets them all
 * through at once.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness(new EngineDouble(), [FULL_CLIENT], {
    // One request per 100 s: the test's own few seconds of real time refill nothing; its idle hour, 36.
    rateLimit: { ratePerSecond: 0.01, burst: 3 },
    tokenTtlSeconds: 24 * 60 * 60, // outlives the idle hour
  });
});
afterAll(() => h.close());

it('D14: after an hour idle, a burst gets exactly `burst` requests through, then 429', async () => {
  const token = await h.token();
  expect((await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token })).status).toBe(200);
  h.advance(60 * 60 * 1000);
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++)
    statuses.push((await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token })).status);
  expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
});
