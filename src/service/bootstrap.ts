import type { ServiceConfig } from './config';
import type { Logger } from './logger';
import { clientWithSecret, loadClientsFile, type ClientRecord } from './auth/clients';
import { loadOrCreateDevClient } from './auth/dev-client';
import { octal, permissionReport } from './auth/file-permissions';

/**
 * The clients for this start, from the configured source (config.ts documents the precedence), and a
 * line for the operator saying where the development client's credentials are (never the secret).
 */
export async function resolveClients(
  clients: ServiceConfig['clients'],
  logger: Logger,
): Promise<{ records: ClientRecord[]; notice: string | null }> {
  switch (clients.source) {
    case 'file': {
      const records = await loadClientsFile(clients.path);
      logger.log('info', 'clients loaded', { file: clients.path, count: records.length });
      // Hashes only, but whoever can change the file can add a client of their own.
      const report = await permissionReport(clients.path);
      if (report?.fileOpen || report?.folderWritable) {
        logger.log('warn', 'clients file permissions', {
          file: clients.path,
          problem: `other users can ${report.fileOpen ? `read or change the file (mode ${octal(report.fileMode)})` : `write its folder (mode ${octal(report.folderMode)})`}; whoever can change it can add a client: chmod 600 the file, 700 its folder`,
        });
      }
      return { records, notice: null };
    }
    case 'env':
      logger.log('info', 'client from environment', { clientId: clients.clientId });
      return { records: [await clientWithSecret(clients.clientId, clients.clientSecret)], notice: null };
    case 'dev': {
      const { client, created, warnings } = await loadOrCreateDevClient(clients.path);
      for (const warning of warnings) logger.log('warn', 'development client file', { problem: warning });
      logger.log('info', created ? 'development client created' : 'development client reused', {
        clientId: client.clientId,
        file: clients.path,
      });
      return {
        records: [await clientWithSecret(client.clientId, client.clientSecret)],
        notice: devClientNotice(client.clientId, created, clients.path),
      };
    }
  }
}

/**
 * The key tokens are signed with: JOBPRICE_TOKEN_SECRET, else a random one for this start (and a
 * warning: tokens then do not survive a restart).
 */
export function tokenKey(config: ServiceConfig, logger: Logger, random: () => Buffer): Buffer {
  if (config.tokenSecret !== null) return Buffer.from(config.tokenSecret, 'utf8');
  logger.log(
    'warn',
    'JOBPRICE_TOKEN_SECRET is not set: using a random signing key; tokens do not survive a restart',
  );
  return random();
}

/** The operator's line about the development client: where its credentials are, never the secret. */
export function devClientNotice(clientId: string, created: boolean, path: string): string {
  return `development client "${clientId}" ${created ? 'created' : 'reused'}; its id and secret are in ${path}`;
}
