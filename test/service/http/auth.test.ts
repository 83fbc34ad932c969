import {
  ClientRegistry,
  clientsFromJson,
  ClientsFileError,
  clientWithSecret,
} from '../../../src/service/auth/clients';
import { hashSecret, parseSecretHash, verifySecret } from '../../../src/service/auth/secrets';
import { TokenSigner } from '../../../src/service/auth/tokens';
import { FULL_SCOPE } from '../../../src/service/contracts';
import { EngineDouble } from '../support/engine-double';
import { FULL_CLIENT, startHarness, TEST_COST, type Harness } from '../support/harness';

describe('secrets at rest (D15)', () => {
  it('hashes with scrypt and a random salt, and verifies only the right secret', async () => {
    const a = await hashSecret('correct horse battery', TEST_COST);
    const b = await hashSecret('correct horse battery', TEST_COST);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    const parsed = parseSecretHash(a);
    if (typeof parsed === 'string') throw new Error(parsed);
    expect(await verifySecret('correct horse battery', parsed)).toBe(true);
    expect(await verifySecret('correct horse batterY', parsed)).toBe(false);
    expect(await verifySecret('', parsed)).toBe(false);
  });

  it('refuses malformed or hostile hashes with a reason', () => {
    expect(parseSecretHash('plain-text')).toMatch(/expected scrypt/);
    expect(parseSecretHash('scrypt$1000$8$1$AAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAA')).toMatch(/power of two/);
    expect(parseSecretHash(`scrypt$${1 << 24}$8$1$AAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAA`)).toMatch(
      /power of two/,
    );
  });
});

describe('clients file (D15)', () => {
  const entry = { clientId: 'acme', secretHash: '', scope: FULL_SCOPE };
  beforeAll(async () => {
    entry.secretHash = await hashSecret('acme-secret-0123456789', TEST_COST);
  });

  it('accepts a valid file; operations default to all four (pricing and D18 candidates)', () => {
    const [c] = clientsFromJson([entry], 'clients.json');
    expect(c?.operations).toEqual(['jobpricing', 'batchjobpricing', 'jobmatch', 'batchjobmatch']);
    expect(c?.scope).toEqual(FULL_SCOPE);
  });

  it('names the file, the entry and the field in its errors', () => {
    const bad = [{ ...entry, scope: { ...FULL_SCOPE, finestGeography: 'city' } }];
    expect(() => clientsFromJson(bad, '/etc/jp/clients.json')).toThrow(ClientsFileError);
    expect(() => clientsFromJson(bad, '/etc/jp/clients.json')).toThrow(
      /\/etc\/jp\/clients\.json.*\n.*\[0\]\.scope\.finestGeography/,
    );
    expect(() => clientsFromJson([{ ...entry, secret: 'x' }], 'f.json')).toThrow(/\[0\]/);
    expect(() => clientsFromJson([entry, entry], 'f.json')).toThrow(/"acme" appears more than once/);
    expect(() => clientsFromJson([{ ...entry, secretHash: 'abc' }], 'f.json')).toThrow(
      /\[0\]\.secretHash: expected scrypt/,
    );
    expect(() => clientsFromJson({}, 'f.json')).toThrow(/expected a JSON array/);
  });
});

describe('tokens (D15)', () => {
  it('a token is a signed JWT carrying client, scope, iat and exp; another key cannot verify it', async () => {
    const [client] = clientsFromJson(
      [
        {
          clientId: 'acme',
          secretHash: await hashSecret('acme-secret-0123456789', TEST_COST),
          scope: FULL_SCOPE,
        },
      ],
      'x',
    );
    if (!client) throw new Error('no client');
    const registry = new ClientRegistry([client]);
    const now = 1_700_000_000_000;
    const signer = new TokenSigner(Buffer.alloc(32, 1), 60, () => now);
    const token = signer.issue(client);
    const claims = JSON.parse(
      Buffer.from(token.accessToken.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: 'acme', scope: FULL_SCOPE, iat: now / 1000, exp: now / 1000 + 60 });
    expect(signer.verify(token.accessToken, registry)).toEqual({ ok: true, client });
    expect(new TokenSigner(Buffer.alloc(32, 2), 60, () => now).verify(token.accessToken, registry)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    expect(
      new TokenSigner(Buffer.alloc(32, 1), 60, () => now + 60_000).verify(token.accessToken, registry),
    ).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(signer.verify(token.accessToken, new ClientRegistry([]))).toEqual({
      ok: false,
      reason: 'unknown-client',
    });
  });
});

describe('POST /oauth/token (D15)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(new EngineDouble(), [FULL_CLIENT], { tokenTtlSeconds: 900 });
  });
  afterAll(() => h.close());

  const tokenCall = (body: string, headers: Record<string, string>): Promise<Response> =>
    fetch(`${h.url}/oauth/token`, { method: 'POST', headers, body });
  const form = (params: Record<string, string>): string => new URLSearchParams(params).toString();
  const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const basic = (id: string, secret: string): string =>
    `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

  async function expectToken(res: Response): Promise<string> {
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const json = (await res.json()) as Record<string, unknown>;
    expect(json).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 900 });
    const token = json['access_token'] as string;
    expect((await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token })).status).toBe(200);
    return token;
  }

  it('D15: form body with client_id and client_secret', async () => {
    await expectToken(
      await tokenCall(
        form({
          grant_type: 'client_credentials',
          client_id: FULL_CLIENT.id,
          client_secret: FULL_CLIENT.secret,
        }),
        FORM,
      ),
    );
  });

  it('D15: JSON body', async () => {
    await expectToken(
      await tokenCall(
        JSON.stringify({
          grant_type: 'client_credentials',
          client_id: FULL_CLIENT.id,
          client_secret: FULL_CLIENT.secret,
        }),
        {
          'Content-Type': 'application/json',
        },
      ),
    );
  });

  it('D15: HTTP Basic client authentication (RFC 6749 §2.3.1)', async () => {
    await expectToken(
      await tokenCall(form({ grant_type: 'client_credentials' }), {
        ...FORM,
        Authorization: basic(FULL_CLIENT.id, FULL_CLIENT.secret),
      }),
    );
  });

  it('D15: a wrong secret or unknown client → 401 invalid_client (Basic gets a Basic challenge)', async () => {
    const wrong = await tokenCall(
      form({ grant_type: 'client_credentials', client_id: FULL_CLIENT.id, client_secret: 'nope' }),
      FORM,
    );
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
    const unknown = await tokenCall(
      form({ grant_type: 'client_credentials', client_id: 'who', client_secret: FULL_CLIENT.secret }),
      FORM,
    );
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ error: 'invalid_client' });
    const viaBasic = await tokenCall(form({ grant_type: 'client_credentials' }), {
      ...FORM,
      Authorization: basic(FULL_CLIENT.id, 'nope'),
    });
    expect(viaBasic.status).toBe(401);
    expect(viaBasic.headers.get('www-authenticate')).toMatch(/^Basic realm="jobprice"/);
    const none = await tokenCall(form({ grant_type: 'client_credentials' }), FORM);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('D15: another grant type → 400 unsupported_grant_type; no grant type or a bad body → 400 invalid_request', async () => {
    const pw = await tokenCall(
      form({ grant_type: 'password', client_id: FULL_CLIENT.id, client_secret: FULL_CLIENT.secret }),
      FORM,
    );
    expect(pw.status).toBe(400);
    expect(await pw.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const missing = await tokenCall(
      form({ client_id: FULL_CLIENT.id, client_secret: FULL_CLIENT.secret }),
      FORM,
    );
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'invalid_request' });
    const notJson = await tokenCall('{grant_type', { 'Content-Type': 'application/json' });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: 'invalid_request' });
    const both = await tokenCall(
      form({ grant_type: 'client_credentials', client_secret: FULL_CLIENT.secret }),
      {
        ...FORM,
        Authorization: basic(FULL_CLIENT.id, FULL_CLIENT.secret),
      },
    );
    expect(both.status).toBe(400);
    expect(await both.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('D15: a token stops working after expires_in seconds', async () => {
    const token = await expectToken(
      await tokenCall(
        form({
          grant_type: 'client_credentials',
          client_id: FULL_CLIENT.id,
          client_secret: FULL_CLIENT.secret,
        }),
        FORM,
      ),
    );
    // The harness clock is real time plus an offset and claims are whole seconds, so the clock is set
    // relative to the token's own exp claim: half a second either side of it, whatever time has passed.
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8')) as {
      exp: number;
    };
    let advanced = 0;
    const setClock = (epochMs: number): void => {
      const delta = epochMs - (Date.now() + advanced);
      h.advance(delta);
      advanced += delta;
    };
    try {
      setClock(exp * 1000 - 500);
      expect((await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token })).status).toBe(200);
      setClock(exp * 1000 + 500);
      expect((await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token })).status).toBe(401);
    } finally {
      h.advance(-advanced);
    }
  });

  it('GET /oauth/token → 405', async () => {
    expect((await fetch(`${h.url}/oauth/token`)).status).toBe(405);
  });
});

describe('tokens are bound to the secret they were obtained with', () => {
  const signer = new TokenSigner(Buffer.alloc(32, 7), 600);

  it('a new secret for the same client revokes earlier tokens; the same secret after a restart does not', async () => {
    const before = await clientWithSecret('acme', 'first-secret-0123456789', { cost: TEST_COST });
    const token = signer.issue(before).accessToken;
    // A restart with the same secret hashes it again with a new salt: the token stays valid.
    const sameSecret = await clientWithSecret('acme', 'first-secret-0123456789', { cost: TEST_COST });
    expect(signer.verify(token, new ClientRegistry([sameSecret]))).toEqual({ ok: true, client: sameSecret });
    const newSecret = await clientWithSecret('acme', 'second-secret-0123456789', { cost: TEST_COST });
    expect(signer.verify(token, new ClientRegistry([newSecret]))).toEqual({
      ok: false,
      reason: 'secret-changed',
    });
    expect(signer.verify(token, new ClientRegistry([]))).toEqual({ ok: false, reason: 'unknown-client' });
  });

  it('clients file: a re-issued secret (a new secretHash) revokes the tokens of the old one', async () => {
    const entry = { clientId: 'acme', scope: FULL_SCOPE };
    const [old] = clientsFromJson(
      [{ ...entry, secretHash: await hashSecret('old-secret-0123456789', TEST_COST) }],
      'f',
    );
    const [renewed] = clientsFromJson(
      [{ ...entry, secretHash: await hashSecret('new-secret-0123456789', TEST_COST) }],
      'f',
    );
    if (!old || !renewed) throw new Error('no client');
    const token = signer.issue(old).accessToken;
    expect(signer.verify(token, new ClientRegistry([old]))).toEqual({ ok: true, client: old });
    expect(signer.verify(token, new ClientRegistry([renewed]))).toEqual({
      ok: false,
      reason: 'secret-changed',
    });
  });

  it('the binding claim is keyed: it differs between signing keys and does not hold the secret', async () => {
    const client = await clientWithSecret('acme', 'first-secret-0123456789', { cost: TEST_COST });
    const claims = (t: string): Record<string, unknown> =>
      JSON.parse(Buffer.from(t.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    const a = claims(signer.issue(client).accessToken)['sv'];
    const b = claims(new TokenSigner(Buffer.alloc(32, 8), 600).issue(client).accessToken)['sv'];
    expect(typeof a).toBe('string');
    expect(a).not.toBe(b);
    expect(JSON.stringify(claims(signer.issue(client).accessToken))).not.toContain(client.secretVersion);
  });

  it('over HTTP: a restart with a changed secret and the same token key answers 401 to the old token', async () => {
    const first = await startHarness(new EngineDouble(), [{ id: 'acme', secret: 'first-secret-0123456789' }]);
    let token: string;
    try {
      token = await first.token();
      expect((await first.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token })).status).toBe(200);
    } finally {
      await first.close();
    }
    // startHarness always signs with the same test key: only the secret differs between the two starts.
    const again = await startHarness(new EngineDouble(), [{ id: 'acme', secret: 'first-secret-0123456789' }]);
    try {
      expect((await again.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token })).status).toBe(200);
    } finally {
      await again.close();
    }
    const changed = await startHarness(new EngineDouble(), [
      { id: 'acme', secret: 'second-secret-0123456789' },
    ]);
    try {
      const res = await changed.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ Code: -1, Message: 'Invalid access token' });
      expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    } finally {
      await changed.close();
    }
  });
});

describe('token text is accepted in its canonical base64url form only', () => {
  const signer = new TokenSigner(Buffer.alloc(32, 9), 600);
  let registry: ClientRegistry;
  let token: string;
  beforeAll(async () => {
    const client = await clientWithSecret('acme', 'first-secret-0123456789', { cost: TEST_COST });
    registry = new ClientRegistry([client]);
    token = signer.issue(client).accessToken;
  });

  /** The same bytes spelt otherwise: the last character with its unused low bits changed. */
  function flipUnusedBits(part: string): string | null {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const unusedBits = { 2: 4, 3: 2 }[(part.length % 4) as 2 | 3];
    if (unusedBits === undefined) return null;
    const last = alphabet.indexOf(part.at(-1) ?? '');
    return part.slice(0, -1) + alphabet[last ^ 1];
  }

  it('the token as issued verifies', () => {
    expect(signer.verify(token, registry).ok).toBe(true);
  });

  it('padding, a trailing character or changed unused bits are refused, though they decode the same', () => {
    const [h, p, sig] = token.split('.') as [string, string, string];
    // The signature of 32 bytes is 43 characters: 2 unused bits in its last one.
    const flipped = flipUnusedBits(sig);
    if (flipped === null) throw new Error('signature length leaves no unused bits');
    expect(Buffer.from(flipped, 'base64url')).toEqual(Buffer.from(sig, 'base64url'));
    const variants = [
      `${h}.${p}.${sig}=`,
      `${h}.${p}.${sig}~`,
      `${h}.${p}.${flipped}`,
      `${h}.${p}=.${sig}`,
      `${h}.${p.replace(/-/g, '+').replace(/_/g, '/')}.${sig}`,
      `${h}.${p}.${sig.replace(/-/g, '+').replace(/_/g, '/')}`,
      `${h}.${p} .${sig}`,
    ].filter((v) => v !== token);
    expect(variants.length).toBeGreaterThanOrEqual(5);
    for (const variant of variants)
      expect([variant, signer.verify(variant, registry)]).toEqual([
        variant,
        { ok: false, reason: 'malformed' },
      ]);
  });

  it('over HTTP: a padded or trailing-character token gets 401', async () => {
    const h = await startHarness(new EngineDouble());
    try {
      const good = await h.token();
      expect((await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token: good })).status).toBe(
        200,
      );
      for (const bad of [`${good}=`, `${good}~`, `${good}==`]) {
        const res = await h.post('/DaaS/jobpricing', { JobTitle: 'Accountant' }, { token: bad });
        expect([bad.slice(-3), res.status]).toEqual([bad.slice(-3), 401]);
      }
    } finally {
      await h.close();
    }
  });
});
