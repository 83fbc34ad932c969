import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { ClientIdSchema } from './clients';
import { generateSecret } from './secrets';

/**
 * The local development client: with no clients configured, the service creates one full-scope client
 * and writes its id and secret to a git-ignored file (mode 0600) so the add-in's settings can be filled
 * from it. Later starts reuse it, so a configured add-in keeps working across restarts.
 */

const DevClientSchema = z.object({ clientId: ClientIdSchema, clientSecret: z.string().min(16) });
export type DevClient = z.infer<typeof DevClientSchema>;

export const DEV_CLIENT_ID = 'local-dev';

export async function loadOrCreateDevClient(path: string): Promise<{ client: DevClient; created: boolean }> {
  let text: string | null = null;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (text !== null) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = DevClientSchema.safeParse(json);
    if (!parsed.success) {
      throw new Error(
        `Development client file ${path} is not valid ({clientId, clientSecret}); delete it to create a new one`,
      );
    }
    return { client: parsed.data, created: false };
  }
  const client: DevClient = { clientId: DEV_CLIENT_ID, clientSecret: generateSecret() };
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, `${JSON.stringify(client, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  await chmod(path, 0o600);
  return { client, created: true };
}
