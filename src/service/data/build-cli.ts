import { resolve } from 'node:path';
import { defaultRawDir } from './raw-files';
import { buildIndex } from './build';

/**
 * `npm run data:build`: builds data/build from the raw public files, or says the index is up to date.
 * Options: --force (rebuild anyway), --out <dir> (default data/build). Raw folder: JOBPRICE_RAW_DIR or
 * ../shared/data/raw beside the repository.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const outDir = resolve(outAt >= 0 ? (args[outAt + 1] ?? 'data/build') : 'data/build');
  const rawDir = resolve(defaultRawDir(process.cwd()));
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
  console.error(`data:build failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
