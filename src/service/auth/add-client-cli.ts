import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  ClientEntrySchema,
  ClientIdSchema,
  clientsFromJson,
  OPERATIONS,
  type ClientEntry,
  type Operation,
} from './clients';
import { generateSecret, hashSecret } from './secrets';
import { errorMessage } from '../../domain/error-message';

/**
 * `npm run service:add-client -- <clientId> [options]`: creates a client with a fresh random secret,
 * appends it (hashed) to the clients file and prints the secret once. The secret is not stored anywhere.
 *
 * Options:
 *   --file <path>             clients file (default: $JOBPRICE_CLIENTS_FILE, else .jobprice/clients.json)
 *   --countries USA[,…]       ISO alpha-3 codes (default USA)
 *   --geography national|state|metro   finest geography (default metro)
 *   --industries all|51,52,…  NAICS sectors (default all)
 *   --no-comp                 omit Comp* and BonusTarget* figures
 *   --operations jobpricing,batchjobpricing,jobmatch,batchjobmatch   (default all four)
 */

const USAGE =
  'usage: npm run service:add-client -- <clientId> [--file path] [--countries USA] [--geography national|state|metro] ' +
  '[--industries all|51,52] [--no-comp] [--operations jobpricing,batchjobpricing]';

const list = (s: string): string[] =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      file: { type: 'string' },
      countries: { type: 'string', default: 'USA' },
      geography: { type: 'string', default: 'metro' },
      industries: { type: 'string', default: 'all' },
      'no-comp': { type: 'boolean', default: false },
      operations: { type: 'string', default: OPERATIONS.join(',') },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || positionals.length !== 1) throw new Error(USAGE);
  const clientId = ClientIdSchema.parse(positionals[0]);
  const file = resolve(values.file ?? process.env['JOBPRICE_CLIENTS_FILE'] ?? '.jobprice/clients.json');

  const secret = generateSecret();
  const candidate = {
    clientId,
    secretHash: await hashSecret(secret),
    scope: {
      countries: list(values.countries).map((c) => c.toUpperCase()),
      finestGeography: values.geography,
      industries: values.industries.trim().toLowerCase() === 'all' ? 'all' : list(values.industries),
      includeCompAndBonus: !values['no-comp'],
    },
    operations: list(values.operations) as Operation[],
  };
  const checked = ClientEntrySchema.safeParse(candidate);
  if (!checked.success) {
    throw new Error(
      `invalid client: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}\n${USAGE}`,
    );
  }
  const entry: ClientEntry = checked.data;

  let existing: unknown[] = [];
  try {
    const json: unknown = JSON.parse(await readFile(file, 'utf8'));
    clientsFromJson(json, file); // refuse to append to a file the service would not load
    existing = json as unknown[];
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (existing.some((e) => (e as { clientId?: unknown }).clientId === clientId)) {
    throw new Error(`client "${clientId}" already exists in ${file}`);
  }

  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  // Write-then-rename so a crash never leaves a half-written clients file.
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify([...existing, entry], null, 2)}\n`, { mode: 0o600 });
  await chmod(temp, 0o600);
  await rename(temp, file);

  process.stdout.write(
    `Added client "${clientId}" to ${file}\n` +
      `client_secret (shown once, not stored): ${secret}\n` +
      `Start the service with JOBPRICE_CLIENTS_FILE=${file}\n`,
  );
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${errorMessage(err)}\n`);
  process.exit(1);
});
