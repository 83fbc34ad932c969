import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The fresh-machine step that `npm test` and `.ci/run` share (scripts/system-packages.js): it installs
 * what is missing with apt-get where this user may, and otherwise stops at once naming one command.
 * The machine is a stand-in here; the real one is what CI and `npm test` run the step on.
 */

const ROOT = join(__dirname, '..', '..');

interface Need {
  pkg: string;
  ubuntu?: string;
  for: string;
}
interface Machine {
  missing(): Need[];
  distro(): string;
  hasAptGet(): boolean;
  isRoot(): boolean;
  canSudo(): boolean;
  aptGet(args: string[], opts: { sudo: boolean }): boolean;
  log(text: string): void;
  error(text: string): void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the scripts are CommonJS
const step = require(join(ROOT, 'scripts', 'system-packages.js')) as {
  NEEDS: Need[];
  ensureSystemPackages(machine: Machine): boolean;
  installCommand(distro: string): string;
};

const byPackage = (name: string): Need => {
  const need = step.NEEDS.find((n) => n.pkg === name);
  if (!need) throw new Error(`no need for ${name}`);
  return need;
};

/** A machine where `absent` are missing until apt-get installs them. */
function machine(opts: {
  absent: string[];
  root?: boolean;
  sudo?: boolean;
  apt?: boolean;
  aptFails?: boolean;
}) {
  let absent = opts.absent.map(byPackage);
  const calls: Array<{ args: string[]; sudo: boolean }> = [];
  const said: string[] = [];
  const m: Machine = {
    missing: () => absent,
    distro: () => 'debian',
    hasAptGet: () => opts.apt ?? true,
    isRoot: () => opts.root ?? false,
    canSudo: () => opts.sudo ?? false,
    aptGet: (args, { sudo }) => {
      calls.push({ args, sudo });
      if (opts.aptFails) return false;
      if (args[0] === 'install') absent = absent.filter((n) => !args.includes(n.pkg));
      return true;
    },
    log: (t) => said.push(t),
    error: (t) => said.push(t),
  };
  return { m, calls, said };
}

describe('the system packages step', () => {
  it('does nothing when everything is there', () => {
    const { m, calls, said } = machine({ absent: [], root: true });
    expect(step.ensureSystemPackages(m)).toBe(true);
    expect(calls).toEqual([]);
    expect(said).toEqual([]);
  });

  it('as root, installs only what is missing, after apt-get update, and says what and why', () => {
    const { m, calls, said } = machine({ absent: ['firefox-esr', 'xvfb'], root: true });
    expect(step.ensureSystemPackages(m)).toBe(true);
    expect(calls).toEqual([
      { args: ['update', '-qq'], sudo: false },
      { args: ['install', '-y', '-qq', '--no-install-recommends', 'firefox-esr', 'xvfb'], sudo: false },
    ]);
    expect(said.join('\n')).toMatch(/Installing system packages with apt-get:\n {2}firefox-esr \(Firefox/);
    expect(said.join('\n')).toMatch(/xvfb \(Xvfb/);
  });

  it('with passwordless sudo, runs apt-get through sudo', () => {
    const { m, calls } = machine({ absent: ['chromium'], sudo: true });
    expect(step.ensureSystemPackages(m)).toBe(true);
    expect(calls.map((c) => c.sudo)).toEqual([true, true]);
  });

  it('without root or sudo, installs nothing and names the one command that installs everything', () => {
    const { m, calls, said } = machine({ absent: ['redis-server'] });
    expect(step.ensureSystemPackages(m)).toBe(false);
    expect(calls).toEqual([]);
    const text = said.join('\n');
    expect(text).toContain('redis-server (redis-server: the service tests');
    // Every package, not only the missing one: the command is the same for every newcomer.
    const command = step.installCommand('debian');
    expect(text).toContain(command);
    for (const n of step.NEEDS) expect(command).toContain(` ${n.pkg}`);
    expect(command).toMatch(/^sudo sh -c 'apt-get update && apt-get install -y --no-install-recommends /);
  });

  it('names Ubuntu’s own packages for the browsers on Ubuntu', () => {
    const command = step.installCommand('ubuntu');
    expect(command).toContain(' chromium-browser');
    expect(command).not.toContain(' firefox-esr');
  });

  it('fails with apt-get’s word when the install fails, and when a package is still missing after it', () => {
    const failing = machine({ absent: ['xauth'], root: true, aptFails: true });
    expect(step.ensureSystemPackages(failing.m)).toBe(false);
    expect(failing.said.join('\n')).toContain('apt-get could not install xauth');
    const { m, said } = machine({ absent: ['xauth'], root: true });
    m.missing = () => [byPackage('xauth')];
    expect(step.ensureSystemPackages(m)).toBe(false);
    expect(said.join('\n')).toContain('Still missing after apt-get: xauth');
  });

  it('off Debian and Ubuntu, says where the tests run instead of trying', () => {
    const { m, calls, said } = machine({ absent: ['chromium'], apt: false });
    expect(step.ensureSystemPackages(m)).toBe(false);
    expect(calls).toEqual([]);
    expect(said.join('\n')).toMatch(/no apt-get[\s\S]*README\.md, "Testing"/);
  });

  it('is the step .ci/run runs before npm ci, and npm test runs before its stages', () => {
    const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8');
    expect(ci.indexOf('node scripts/system-packages.js')).toBeGreaterThan(-1);
    expect(ci.indexOf('node scripts/system-packages.js')).toBeLessThan(ci.indexOf('npm ci'));
    const test = readFileSync(join(ROOT, 'scripts', 'test.mjs'), 'utf8');
    expect(test.indexOf('ensureSystemPackages()')).toBeGreaterThan(-1);
    expect(test.indexOf('ensureSystemPackages()')).toBeLessThan(
      test.indexOf('for (const [name, script] of stages)'),
    );
  });
});
