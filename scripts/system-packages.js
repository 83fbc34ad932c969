/* The system packages `npm test` needs besides node_modules: the three browser engines of the end-to-end
 * test, the virtual display WebKitGTK's MiniBrowser runs on, xmllint for the offline manifest check,
 * redis-server for the service tests of shared state, and fonts for readable screenshots.
 *
 * `ensureSystemPackages()` (called by scripts/test.mjs, and by .ci/run as `node scripts/system-packages.js`)
 * installs what is missing with apt-get where it may (as root, or with passwordless sudo) and says what it
 * installs; otherwise it stops at once and names the one command that installs everything. README.md
 * ("Testing") says the same. */
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

/** The first path that exists, else the first (so a message names where it was looked for). */
function firstExisting(paths) {
  return paths.find((p) => existsSync(p)) ?? paths[0];
}

/** WebKitGTK installs its MiniBrowser in its multiarch library folder (`dpkg -L libwebkit2gtk-4.1-0`). */
function miniBrowser() {
  const roots = ['/usr/lib', '/usr/libexec'];
  for (const root of roots) {
    const direct = join(root, 'webkit2gtk-4.1', 'MiniBrowser');
    if (existsSync(direct)) return direct;
    let entries;
    try {
      entries = readdirSync(root);
    } catch {
      continue;
    }
    for (const arch of entries) {
      const path = join(root, arch, 'webkit2gtk-4.1', 'MiniBrowser');
      if (existsSync(path)) return path;
    }
  }
  return null;
}

/** Where the end-to-end test finds each engine (Debian's paths first; Ubuntu ships the browsers as snaps). */
const BROWSERS = {
  chromium: firstExisting(['/usr/bin/chromium', '/snap/bin/chromium']),
  firefox: firstExisting(['/usr/bin/firefox-esr', '/usr/bin/firefox', '/snap/bin/firefox']),
  webkitDriver: '/usr/bin/WebKitWebDriver',
  miniBrowser,
};

function onPath(command) {
  return (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && existsSync(join(dir, command)));
}

/** Each need: what it is for, how to tell it is there, and its package on Debian (and Ubuntu where named otherwise). */
const NEEDS = [
  { pkg: 'libxml2-utils', for: 'xmllint: the offline manifest check', present: () => onPath('xmllint') },
  {
    pkg: 'chromium',
    ubuntu: 'chromium-browser',
    for: 'Chromium: the end-to-end test in Edge WebView2’s engine',
    present: () => existsSync(BROWSERS.chromium),
  },
  {
    pkg: 'firefox-esr',
    ubuntu: 'firefox',
    for: 'Firefox: the end-to-end test in Excel on the web’s Firefox engine',
    present: () => existsSync(BROWSERS.firefox),
  },
  {
    pkg: 'webkit2gtk-driver',
    for: 'WebKitWebDriver and MiniBrowser: the end-to-end test in WebKit, Excel for Mac’s engine',
    present: () => existsSync(BROWSERS.webkitDriver) && miniBrowser() !== null,
  },
  { pkg: 'xvfb', for: 'Xvfb and xvfb-run: a display for MiniBrowser', present: () => onPath('xvfb-run') },
  { pkg: 'xauth', for: 'xauth: xvfb-run needs it', present: () => onPath('xauth') },
  {
    pkg: 'redis-server',
    for: 'redis-server: the service tests of limits shared between processes',
    present: () => onPath('redis-server'),
  },
  {
    pkg: 'fonts-dejavu-core',
    for: 'DejaVu fonts: readable screenshots',
    present: () => existsSync('/usr/share/fonts/truetype/dejavu'),
  },
];

function distribution() {
  try {
    const release = readFileSync('/etc/os-release', 'utf8');
    return /^ID=(.*)$/m.exec(release)?.[1]?.replace(/"/g, '') ?? '';
  } catch {
    return '';
  }
}

const packageOf = (need, distro) => (distro === 'ubuntu' && need.ubuntu) || need.pkg;

/** The one command that installs every package `npm test` needs (not only the missing ones). */
function installCommand(distro = distribution()) {
  const all = NEEDS.map((n) => packageOf(n, distro)).join(' ');
  return `sudo sh -c 'apt-get update && apt-get install -y --no-install-recommends ${all}'`;
}

/** How the step sees and changes this machine; tests pass their own. */
const MACHINE = {
  missing: () => NEEDS.filter((n) => !n.present()),
  distro: distribution,
  hasAptGet: () => process.platform === 'linux' && onPath('apt-get'),
  isRoot: () => typeof process.getuid === 'function' && process.getuid() === 0,
  canSudo: () => spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0,
  /** Runs apt-get (through `sudo -n` when asked) with no questions; true when it succeeded. */
  aptGet: (args, { sudo }) => {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const [cmd, rest] = sudo
      ? ['sudo', ['-n', '--preserve-env=DEBIAN_FRONTEND', 'apt-get', ...args]]
      : ['apt-get', args];
    return spawnSync(cmd, rest, { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
  },
  log: (text) => console.log(text),
  error: (text) => console.error(text),
};

/** Installs what is missing, or says what to run. Returns true when everything is there. */
function ensureSystemPackages(machine = MACHINE) {
  const missing = machine.missing();
  if (missing.length === 0) return true;
  const distro = machine.distro();
  const list = missing.map((n) => `  ${packageOf(n, distro)} (${n.for})`).join('\n');
  if (!machine.hasAptGet()) {
    machine.error(
      `npm test needs these Debian/Ubuntu packages, and this machine has no apt-get:\n${list}\n` +
        'Run the tests on Debian or Ubuntu (a container or WSL works): README.md, "Testing".',
    );
    return false;
  }
  const sudo = !machine.isRoot() && machine.canSudo();
  if (!machine.isRoot() && !sudo) {
    machine.error(
      `npm test needs these system packages:\n${list}\n` +
        `Install everything it needs with:\n  ${installCommand(distro)}`,
    );
    return false;
  }
  machine.log(`Installing system packages with apt-get${sudo ? ' (sudo)' : ''}:\n${list}`);
  const packages = missing.map((n) => packageOf(n, distro));
  const installed =
    machine.aptGet(['update', '-qq'], { sudo }) &&
    machine.aptGet(['install', '-y', '-qq', '--no-install-recommends', ...packages], { sudo });
  if (!installed) {
    machine.error(`apt-get could not install ${packages.join(' ')}; its message above says why.`);
    return false;
  }
  const still = machine.missing();
  if (still.length > 0) {
    machine.error(`Still missing after apt-get: ${still.map((n) => n.for).join('; ')}.`);
    return false;
  }
  return true;
}

module.exports = { BROWSERS, MACHINE, NEEDS, ensureSystemPackages, installCommand };

if (require.main === module) process.exit(ensureSystemPackages() ? 0 : 1);
