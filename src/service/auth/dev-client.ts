import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { ClientIdSchema } from './clients';
import { octal, permissionReport } from './file-permissions';
import { generateSecret } from './secrets';
import { secretStrengthProblem } from './secret-strength';

/**
 * The local development client: with no clients configured, the service creates one full-scope client
 * and writes its id and secret to a git-ignored file (mode 0600) so the add-in's settings can be filled
 * from it. Later starts reuse it, so a configured add-in keeps working across restarts.
 *
 * The secret is in that file in plain text, by design (the developer copies it into the add-in): only
 * the file's mode protects it. So a start refuses a file other users can read or write, and a folder
 * others can write (the file could be swapped), and warns when others can list the folder.
 */

const DevClientSchema = z.object({
  clientId: ClientIdSchema,
  clientSecret: z.string().refine((secret) => secretStrengthProblem(secret) === null),
});
export type DevClient = z.infer<typeof DevClientSchema>;

export const DEV_CLIENT_ID = 'local-dev';

export class DevClientFileError extends Error {
  override readonly name = 'DevClientFileError';
}

export async function loadOrCreateDevClient(
  path: string,
): Promise<{ client: DevClient; created: boolean; warnings: readonly string[] }> {
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
      const weak = parsed.error.issues.some((i) => i.path[0] === 'clientSecret' && i.code === 'custom');
      throw new Error(
        weak
          ? `Development client file ${path} holds a secret with less than 128 bits of entropy; delete it to create a new one`
          : `Development client file ${path} is not valid ({clientId, clientSecret}); delete it to create a new one`,
      );
    }
    return { client: parsed.data, created: false, warnings: await checkPermissions(path) };
  }
  const client: DevClient = { clientId: DEV_CLIENT_ID, clientSecret: generateSecret() };
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, `${JSON.stringify(client, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  await chmod(path, 0o600);
  return { client, created: true, warnings: await checkPermissions(path) };
}

/** Refuses (throws) what would expose or let others change the secret; returns what only deserves a warning. */
async function checkPermissions(path: string): Promise<string[]> {
  const report = await permissionReport(path);
  if (report === null) return [];
  const folder = dirname(path);
  if (report.fileOpen) {
    throw new DevClientFileError(
      `Development client file ${path} holds a plain-text secret and other users can read or change it ` +
        `(mode ${octal(report.fileMode)}); run: chmod 600 ${path}  (or delete it to create a new client)`,
    );
  }
  if (report.folderWritable) {
    throw new DevClientFileError(
      `Folder ${folder} holding the development client's secret can be written by other users ` +
        `(mode ${octal(report.folderMode)}), so the file could be replaced; run: chmod 700 ${folder}`,
    );
  }
  return report.folderReadable
    ? [
        `Folder ${folder} holding the development client's secret can be listed by other users ` +
          `(mode ${octal(report.folderMode)}); the file itself is 0600. To close it: chmod 700 ${folder}`,
      ]
    : [];
}
