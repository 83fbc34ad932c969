import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { FULL_SCOPE, type ClientScope } from '../contracts';
import {
  DEFAULT_SCRYPT_COST,
  hashSecret,
  parseSecretHash,
  type ParsedHash,
  type ScryptCost,
} from './secrets';

/**
 * The clients the service knows (D15): who may get a token, with which data scope, for which operations.
 * Loaded once at start-up (from JOBPRICE_CLIENTS_FILE, from JOBPRICE_CLIENT_ID/SECRET, or the local
 * development client) and passed down; nothing here reads the environment.
 */

/** The operations a client may be allowed (403 otherwise, D14): pricing, and D18's candidate lists. */
export const OPERATIONS = ['jobpricing', 'batchjobpricing', 'jobmatch', 'batchjobmatch'] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface ClientRecord {
  readonly clientId: string;
  readonly secretHash: ParsedHash;
  /**
   * Changes whenever the client's secret changes (docs/service.md "Tokens"). Tokens carry a keyed digest of
   * it, so a token issued before the secret was changed (or the client removed) no longer verifies. Opaque;
   * never sent or logged as is.
   */
  readonly secretVersion: string;
  readonly scope: ClientScope;
  readonly operations: readonly Operation[];
}

const CountryCode = z.string().regex(/^[A-Z]{3}$/, 'an ISO 3166-1 alpha-3 code in capitals, e.g. "USA"');
const NaicsSector = z.string().regex(/^\d{2}$/, 'a 2-digit NAICS sector, e.g. "51"');

export const ClientScopeSchema = z.strictObject({
  countries: z.array(CountryCode).min(1),
  finestGeography: z.enum(['national', 'state', 'metro']),
  industries: z.union([z.literal('all'), z.array(NaicsSector)]),
  includeCompAndBonus: z.boolean(),
});

export const ClientIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9._~-]{1,128}$/, 'letters, digits and . _ ~ - only (1 to 128 characters)');

/** One entry of the clients file. Unknown keys are refused so a misspelt field is not silently ignored. */
export const ClientEntrySchema = z.strictObject({
  clientId: ClientIdSchema,
  secretHash: z.string(),
  scope: ClientScopeSchema,
  operations: z.array(z.enum(OPERATIONS)).min(1).optional(),
});
export type ClientEntry = z.infer<typeof ClientEntrySchema>;

export const ClientsFileSchema = z.array(ClientEntrySchema);

export class ClientsFileError extends Error {
  override readonly name = 'ClientsFileError';
}

/** Validates parsed JSON as a clients file; every problem names the file, the entry and the field. */
export function clientsFromJson(json: unknown, fileName: string): ClientRecord[] {
  const parsed = ClientsFileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  at ${formatPath(i.path)}: ${i.message}`).join('\n');
    throw new ClientsFileError(
      `Clients file ${fileName} is not valid: expected a JSON array of ` +
        `{clientId, secretHash, scope: {countries, finestGeography, industries, includeCompAndBonus}, operations?}\n${problems}`,
    );
  }
  const seen = new Set<string>();
  return parsed.data.map((entry, index) => {
    if (seen.has(entry.clientId)) {
      throw new ClientsFileError(
        `Clients file ${fileName} is not valid: clientId "${entry.clientId}" appears more than once`,
      );
    }
    seen.add(entry.clientId);
    const hash = parseSecretHash(entry.secretHash);
    if (typeof hash === 'string') {
      throw new ClientsFileError(`Clients file ${fileName} is not valid: at [${index}].secretHash: ${hash}`);
    }
    return {
      clientId: entry.clientId,
      secretHash: hash,
      // A new secret means a new stored hash (with a new random salt), so the stored text versions it.
      secretVersion: secretVersionOf(`hash:${entry.secretHash}`),
      scope: entry.scope,
      operations: entry.operations ?? [...OPERATIONS],
    };
  });
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
}

export async function loadClientsFile(path: string): Promise<ClientRecord[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new ClientsFileError(
      `Clients file ${path} cannot be read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ClientsFileError(`Clients file ${path} is not valid JSON: ${(err as Error).message}`);
  }
  const clients = clientsFromJson(json, path);
  if (clients.length === 0) throw new ClientsFileError(`Clients file ${path} lists no clients`);
  return clients;
}

/** Builds a client from a plain secret (hashed here, the plain text is not kept). Used for env/dev clients and tests. */
export async function clientWithSecret(
  clientId: string,
  secret: string,
  options: { scope?: ClientScope; operations?: readonly Operation[]; cost?: ScryptCost } = {},
): Promise<ClientRecord> {
  const stored = await hashSecret(secret, options.cost ?? DEFAULT_SCRYPT_COST);
  const hash = parseSecretHash(stored);
  if (typeof hash === 'string') throw new Error(`internal: fresh hash did not parse: ${hash}`);
  return {
    clientId,
    secretHash: hash,
    // From the secret itself, not from its freshly salted hash: the same secret after a restart (with the
    // same token key) keeps its tokens valid; another secret does not.
    secretVersion: secretVersionOf(`secret:${secret}`),
    scope: options.scope ?? FULL_SCOPE,
    operations: options.operations ?? [...OPERATIONS],
  };
}

function secretVersionOf(text: string): string {
  return createHash('sha256').update('jobprice secret version\0').update(text).digest('base64url');
}

/** Lookup by id. A Map so that ids like "__proto__" cannot reach Object.prototype. */
export class ClientRegistry {
  private readonly byId: ReadonlyMap<string, ClientRecord>;

  constructor(clients: readonly ClientRecord[]) {
    this.byId = new Map(clients.map((c) => [c.clientId, c]));
  }

  get(clientId: string): ClientRecord | undefined {
    return this.byId.get(clientId);
  }

  get size(): number {
    return this.byId.size;
  }
}
