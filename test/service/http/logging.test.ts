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
