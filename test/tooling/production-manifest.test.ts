import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * README "Deploying": `ADDIN_URL=https://jobprice.example.com npm run build` writes a production
 * dist/manifest.xml: every URL on that address, no localhost anywhere, a real SupportUrl; it passes the
 * same offline validation (`npm run validate`) as the dev manifest.
 */

const ROOT = join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script webpack.config.js shares
const { productionManifest } = require(join(ROOT, 'scripts', 'production-manifest.js')) as {
  productionManifest: (xml: string, addinUrl: string, supportUrl?: string) => string;
};
const DEV = readFileSync(join(ROOT, 'manifest.xml'), 'utf8');

function validate(xml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'manifest-'));
  try {
    const file = join(dir, 'manifest.xml');
    writeFileSync(file, xml);
    return execFileSync(process.execPath, [join(ROOT, 'scripts', 'validate-manifest.mjs'), file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const addresses = (xml: string): string[] =>
  [...xml.matchAll(/https?:\/\/[^"<\s]+/g)]
    .map((m) => m[0])
    .filter((u) => !/^http:\/\/(schemas\.microsoft\.com|www\.w3\.org)\//.test(u));

describe('production manifest (ADDIN_URL)', () => {
  it('puts every URL on the given origin, with no localhost left, and validates', () => {
    const xml = productionManifest(DEV, 'https://jobprice.example.com');
    expect(xml).not.toMatch(/localhost|127\.0\.0\.1/);
    const urls = addresses(xml);
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) expect(url).toMatch(/^https:\/\/jobprice\.example\.com(\/|$)/);
    expect(xml).toContain('<SupportUrl DefaultValue="https://jobprice.example.com/support.html"/>');
    expect(xml).toContain('<AppDomain>https://jobprice.example.com</AppDomain>');
    expect(xml).toContain('<SourceLocation DefaultValue="https://jobprice.example.com/taskpane.html"/>');
    expect(validate(xml)).toMatch(/is valid/);
  });

  it('serves from a folder too; the AppDomain stays the origin; a given support page is used', () => {
    const xml = productionManifest(
      DEV,
      'https://cdn.example.org/apps/jobprice/',
      'https://help.example.org/jobprice',
    );
    expect(xml).toContain('DefaultValue="https://cdn.example.org/apps/jobprice/functions.js"');
    expect(xml).toContain('<AppDomain>https://cdn.example.org</AppDomain>');
    expect(xml).toContain('<SupportUrl DefaultValue="https://help.example.org/jobprice"/>');
  });

  it('refuses an address Office would not load, with a message saying why', () => {
    expect(() => productionManifest(DEV, 'http://jobprice.example.com')).toThrow(/must use https/);
    expect(() => productionManifest(DEV, 'jobprice.example.com')).toThrow(/absolute https/);
    expect(() => productionManifest(DEV, 'https://localhost:8443')).toThrow(/hosted deployment/);
  });

  it('the validator refuses a manifest with a stray dev URL or the pane as its support page', () => {
    const stray = productionManifest(DEV, 'https://jobprice.example.com').replace(
      'https://jobprice.example.com/functions.json',
      'https://localhost:3000/functions.json',
    );
    expect(() => validate(stray)).toThrow();
    const paneAsSupport = DEV.replace(
      '<SupportUrl DefaultValue="https://localhost:3000/support.html"/>',
      '<SupportUrl DefaultValue="https://localhost:3000/taskpane.html"/>',
    );
    expect(() => validate(paneAsSupport)).toThrow();
    expect(validate(DEV)).toMatch(/is valid/);
  });
});
