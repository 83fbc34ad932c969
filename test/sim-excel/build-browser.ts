import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import webpack from 'webpack';

/**
 * Bundles browser.ts (the simulated host) into one plain script, served in place of office.js by the
 * end-to-end test. Built with the project's own webpack + ts-loader, into a temporary folder.
 */
export async function buildSimHostScript(): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'sim-excel-'));
  try {
    const compiler = webpack({
      mode: 'development',
      devtool: false,
      target: 'web',
      entry: resolve(__dirname, 'browser.ts'),
      output: { path: out, filename: 'sim-office.js' },
      resolve: { extensions: ['.ts', '.js'] },
      module: {
        rules: [
          {
            test: /\.ts$/,
            exclude: /node_modules/,
            use: {
              loader: 'ts-loader',
              options: { transpileOnly: true, compilerOptions: { noEmit: false, module: 'esnext' } },
            },
          },
        ],
      },
    });
    await new Promise<void>((done, fail) =>
      compiler.run((err, stats) => {
        compiler.close(() => undefined);
        if (err) return fail(err);
        if (stats?.hasErrors()) return fail(new Error(stats.toString({ all: false, errors: true })));
        done();
      }),
    );
    return readFileSync(join(out, 'sim-office.js'), 'utf8');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
