import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What a hosted build fixes at build time (scripts/hosted-build.js) and what `npm run validate` checks of
 * a build's folder: every function's help link, on the add-in's own address.
 */

const ROOT = join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the scripts are CommonJS
const hosted = require(join(ROOT, 'scripts', 'hosted-build.js')) as {
  buildServiceUrl(o: { production: boolean; serviceUrl?: string; addinUrl?: string }): string;
  supportContact(env: Record<string, string | undefined>): { href: string; text: string } | null;
  manifestId(xml?: string): string;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the scripts are CommonJS
const { productionManifest } = require(join(ROOT, 'scripts', 'production-manifest.js')) as {
  productionManifest: (xml: string, addinUrl: string) => string;
};

describe('the default service address of a build (JOBPRICE_SERVICE_URL)', () => {
  it('is baked into production builds only, without a trailing slash', () => {
    expect(hosted.buildServiceUrl({ production: true, serviceUrl: 'https://api.example.com/' })).toBe(
      'https://api.example.com',
    );
    // The dev server uses the same variable as its proxy target: a dev build keeps its own origin.
    expect(hosted.buildServiceUrl({ production: false, serviceUrl: 'https://api.example.com' })).toBe('');
    expect(hosted.buildServiceUrl({ production: true })).toBe('');
  });

  it('a hosted build never defaults to this computer, nor to plain http', () => {
    const hostedBuild = { production: true, addinUrl: 'https://jobprice.example.com' };
    expect(() => hosted.buildServiceUrl({ ...hostedBuild, serviceUrl: 'http://127.0.0.1:8600' })).toThrow(
      /this computer/,
    );
    expect(() => hosted.buildServiceUrl({ ...hostedBuild, serviceUrl: 'https://localhost:8443' })).toThrow(
      /this computer/,
    );
    expect(() => hosted.buildServiceUrl({ ...hostedBuild, serviceUrl: 'http://api.example.com' })).toThrow(
      /https/,
    );
    expect(() => hosted.buildServiceUrl({ ...hostedBuild, serviceUrl: 'api.example.com' })).toThrow(
      /absolute/,
    );
  });
});

describe('the support contact (ADDIN_SUPPORT_CONTACT)', () => {
  it('is an e-mail address or an https page, and nothing else', () => {
    expect(hosted.supportContact({ ADDIN_SUPPORT_CONTACT: 'help@example.com' })).toEqual({
      href: 'mailto:help@example.com',
      text: 'help@example.com',
    });
    expect(hosted.supportContact({ ADDIN_SUPPORT_CONTACT: 'https://example.com/help' })?.href).toBe(
      'https://example.com/help',
    );
    expect(hosted.supportContact({})).toBeNull();
    expect(() => hosted.supportContact({ ADDIN_SUPPORT_CONTACT: 'http://example.com' })).toThrow(/https/);
    expect(() => hosted.supportContact({ ADDIN_SUPPORT_CONTACT: 'call Bob' })).toThrow(/e-mail/);
  });
});

describe('npm run validate on a build folder: every function has its help link', () => {
  const dev = readFileSync(join(ROOT, 'manifest.xml'), 'utf8');
  const base = 'https://jobprice.example.com';

  function validateBuild(functions: Array<{ id: string; helpUrl?: string }>, page: string): string {
    const dir = mkdtempSync(join(tmpdir(), 'dist-'));
    try {
      writeFileSync(join(dir, 'manifest.xml'), productionManifest(dev, base));
      writeFileSync(join(dir, 'functions.json'), JSON.stringify({ functions }));
      writeFileSync(join(dir, 'functions.html'), page);
      return execFileSync(process.execPath, [join(ROOT, 'scripts', 'validate-manifest.mjs'), '--dist', dir], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const page = '<section id="salary50"></section><section id=comp50></section>';

  it('passes when each function links to its own section on the add-in address', () => {
    const ok = validateBuild(
      [
        { id: 'SALARY50', helpUrl: `${base}/functions.html#salary50` },
        { id: 'COMP50', helpUrl: `${base}/functions.html#comp50` },
      ],
      page,
    );
    expect(ok).toMatch(/help links/);
  });

  it.each([
    ['no help link', [{ id: 'SALARY50' }], /SALARY50 has no helpUrl/],
    [
      'a link to the dev server',
      [{ id: 'SALARY50', helpUrl: 'https://localhost:3000/functions.html#salary50' }],
      /is not https:\/\/jobprice\.example\.com\/functions\.html#salary50/,
    ],
    [
      'an anchor the page lacks',
      [{ id: 'MATCH', helpUrl: `${base}/functions.html#match` }],
      /no section #match/,
    ],
  ])('fails on %s', (_what, functions, message) => {
    expect(() => validateBuild(functions, page)).toThrow(message);
  });

  it('names the manifest Id the storage keys are namespaced by', () => {
    expect(hosted.manifestId(dev)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(dev.toLowerCase()).toContain(`<id>${hosted.manifestId(dev)}</id>`);
  });
});
