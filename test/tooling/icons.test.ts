import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** Store review wants the ribbon icons at 16, 20, 24, 32, 40, 48, 64 and 80 px, all from one design. */
const ROOT = join(__dirname, '..', '..');

it('every committed ribbon icon is what scripts/make-icons.mjs draws, at every size the manifest names', () => {
  const out = execFileSync(process.execPath, [join(ROOT, 'scripts', 'make-icons.mjs'), '--check'], {
    encoding: 'utf8',
  });
  expect(out).toContain('checked assets/icon-{16,20,24,32,40,48,64,80}.png');
});
