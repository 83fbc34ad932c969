import { jsonLineLogger, redact } from '../../../src/service/logger';
import { EngineDouble } from '../support/engine-double';
import { FULL_CLIENT, startHarness } from '../support/harness';

describe('the service log never holds a secret or a token (D15)', () => {
  it('redacts credential-named fields at any depth', () => {
    const lines: string[] = [];
    jsonLineLogger((l) => lines.push(l)).log('info', 'x', {
      authorization: 'Bearer abc',
      nested: { client_secret: 's3cr3t', list: [{ accessToken: 't0k3n' }] },
      path: '/DaaS/jobpricing',
    });
    expect(lines.join('')).not.toMatch(/abc|s3cr3t|t0k3n/);
    expect(lines.join('')).toContain('/DaaS/jobpricing');
    expect(redact({ Password: 'p' })).toEqual({ Password: '[redacted]' });
  });

  it('after token requests (good and bad), priced calls, failures and faults, no line contains a secret or token', async () => {
    const h = await startHarness(new EngineDouble());
    try {
      const token = await h.token();
      const basic = `Basic ${Buffer.from(`${FULL_CLIENT.id}:${FULL_CLIENT.secret}-wrong`).toString('base64')}`;
      await fetch(`${h.url}/oauth/token`, {
        method: 'POST',
        headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      await fetch(`${h.url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'password',
          client_id: FULL_CLIENT.id,
          client_secret: FULL_CLIENT.secret,
        }),
      });
      await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token });
      await h.post('/DaaS/jobpricing', { JobTitle: 'explode' }, { token });
      await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token: `${token}tampered` });
      await h.post('/DaaS/batchjobpricing', '{not json', { token, raw: '{not json' });

      const log = h.logLines.join('');
      expect(h.logLines.length).toBeGreaterThanOrEqual(7); // the access log is on: the test sees every request
      expect(log).toContain('"event":"unexpected fault"');
      expect(log).toContain('"event":"token refused"');
      for (const forbidden of [
        FULL_CLIENT.secret,
        token,
        token.split('.')[2] ?? 'unused',
        'Bearer ',
        'Basic ',
      ]) {
        expect(log).not.toContain(forbidden);
      }
    } finally {
      await h.close();
    }
  });
});

describe('refused token requests in the log (docs/service.md "Security")', () => {
  const refuse = (url: string, clientId: string): Promise<Response> =>
    fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: 'x',
      }),
    });

  it('logs a client id only in the client-id form, cut to 64 characters, and otherwise as (malformed)', async () => {
    const h = await startHarness(new EngineDouble(), [FULL_CLIENT], { rateLimit: null });
    try {
      const pasted = 'Zq8+/k3Y9s0p=secret pasted here';
      const long = 'a'.repeat(16_000);
      const formed = `acme-${'b'.repeat(95)}`;
      for (const id of [pasted, long, formed]) expect((await refuse(h.url, id)).status).toBe(401);
      const refused = h.logLines
        .filter((l) => l.includes('"event":"token refused"'))
        .map((l) => (JSON.parse(l) as { clientId?: string }).clientId);
      expect(refused).toEqual(['(malformed)', '(malformed)', formed.slice(0, 64)]);
      const log = h.logLines.join('');
      expect(log).not.toContain('secret pasted');
      expect(log).not.toContain('a'.repeat(65));
    } finally {
      await h.close();
    }
  });

  it('a flood of refusals from one address writes a few lines and one count of the rest', async () => {
    const h = await startHarness(new EngineDouble(), [FULL_CLIENT], { rateLimit: null, accessLog: false });
    const started = Date.now();
    try {
      const answers = [];
      for (let i = 0; i < 150; i++) {
        const res = await fetch(`${h.url}/oauth/token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: `client_id=${'z'.repeat(2000)}`, // no grant_type: refused before any secret check
        });
        answers.push(res.status);
        await res.arrayBuffer();
      }
      expect(new Set(answers)).toEqual(new Set([400]));
    } finally {
      await h.close();
    }
    const lines = h.logLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    // Ten at once, then one more every 6 s (ten a minute) however long a loaded machine takes.
    const written = lines.filter((l) => l['event'] === 'token refused').length;
    expect(written).toBeGreaterThanOrEqual(10);
    expect(written).toBeLessThanOrEqual(10 + Math.ceil((Date.now() - started) / 6000));
    const summaries = lines.filter((l) => l['event'] === 'token refusals suppressed');
    expect(summaries).toEqual([
      expect.objectContaining({ count: 150 - written, addresses: 1, windowSeconds: 60 }),
    ]);
    expect(h.logLines.join('').length).toBeLessThan(10_000);
  });
});
