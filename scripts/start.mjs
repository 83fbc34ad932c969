// `npm start`: the add-in on its embedded default. Builds the data index when it is missing or stale,
// starts the reference Job Market Match Service (http://127.0.0.1:8600) and the add-in's dev server
// (https://localhost:3000), and stops both on Ctrl+C or when either one exits.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// package.json config.dev_server_port: the port office-addin-debugging (npm run sideload) checks, so a
// sideload while this runs finds the dev server up and does not start a second one.
const port = createRequire(import.meta.url)('./dev-port.js').devServerPort();
const bin = (name) => join(root, 'node_modules', '.bin', name);

const build = spawnSync('npm', ['run', '--silent', 'data:build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
// The service runs compiled (dist/service/main.js); tsc -b recompiles only what changed.
const compile = spawnSync(process.execPath, ['scripts/build-service.mjs'], { cwd: root, stdio: 'inherit' });
if (compile.status !== 0) process.exit(compile.status ?? 1);

// The dev server falls back to plain HTTP where no trusted certificate can be installed, so the service
// trusts both forms of the add-in's origin (D16) unless the user chose origins.
const serviceEnv = {
  ...process.env,
  JOBPRICE_CORS_ORIGINS:
    process.env.JOBPRICE_CORS_ORIGINS ?? `https://localhost:${port},http://localhost:${port}`,
};
const children = [
  [
    'service',
    spawn(process.execPath, ['dist/service/main.js'], { cwd: root, stdio: 'inherit', env: serviceEnv }),
  ],
  ['add-in', spawn(bin('webpack'), ['serve', '--mode', 'development'], { cwd: root, stdio: 'inherit' })],
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const [, child] of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const [name, child] of children)
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`[jobprice] the ${name} stopped (${code ?? signal}); stopping the rest.`);
    stopAll(code ?? 1);
  });
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

console.log(
  '[jobprice] Reference service: http://127.0.0.1:8600 (credentials: see the line it prints), also reached\n' +
    "[jobprice] through the add-in server (/DaaS, /oauth), which is the pane's default service address.\n" +
    '[jobprice] Add-in: its server prints the address it serves ("Add-in served at …"). Sideload it into Excel with `npm run sideload`\n' +
    '[jobprice] (desktop) or upload manifest.xml in Excel on the web (Home > Add-ins > More add-ins > Upload).',
);
