import { resolve } from 'node:path';
import { dataPaths } from '../config';
import { buildIndex } from './build';
import { errorMessage } from '../../domain/error-message';

/**
 * `npm run data:build`: builds data/build from the raw public files, or says the index is up to date.
 * Options: --force (rebuild anyway), --out <dir>. Folders as the service reads them (config.ts
 * `dataPaths`): JOBPRICE_DATA_DIR or data/build, JOBPRICE_RAW_DIR or ../shared/data/raw.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const paths = dataPaths(process.env);
  const outDir = outAt >= 0 ? resolve(args[outAt + 1] ?? paths.dataDir) : paths.dataDir;
  const rawDir = paths.rawDir;
  const report = await buildIndex({ rawDir, outDir, force: args.includes('--force') });
  if (report.upToDate) {
    console.log(`data index is up to date (${outDir}, checked in ${Math.round(report.ms)} ms)`);
    return;
  }
  const kb = (n: number): string => `${(n / 1024).toFixed(0)} KiB`;
  console.log(`built data index in ${(report.ms / 1000).toFixed(1)} s -> ${outDir}`);
  for (const [file, bytes] of Object.entries(report.sizes)) console.log(`  ${file.padEnd(16)} ${kb(bytes)}`);
  console.log(
    `  vintages: ${Object.entries(report.manifest.vintages)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ')}`,
  );
  console.log(`  sources: ${report.manifest.sources.length} raw files fingerprinted (sha256) from ${rawDir}`);
}

main().catch((e: unknown) => {
  console.error(`data:build failed: ${errorMessage(e)}`);
  process.exit(1);
});
