// Draws the add-in's icons (assets/icon-<size>.png at every size Office's ribbon takes: 16, 20, 24, 32, 40,
// 48, 64 and 80 px): a rounded brand-blue square with three rising
// bars, the 25th/50th/75th percentiles. Drawn here rather than in an editor so every size is reproducible
// and crisp; 4x4 supersampling gives the edges anti-aliasing. Run: node scripts/make-icons.mjs
// (`--check` only compares: npm test fails when a committed icon is not what this design draws).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BRAND = [15, 108, 189]; // Fluent brand #0f6cbd
const WHITE = [255, 255, 255];

/** Coverage of the design at point (x, y) in unit coordinates: which colour, or null for transparent. */
function shade(x, y) {
  const r = 0.18; // corner radius of the tile
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return null;
  const bars = [
    [0.2, 0.58],
    [0.42, 0.38],
    [0.64, 0.2],
  ]; // [left, top]; each bar 0.16 wide, down to the baseline
  for (const [left, top] of bars) if (x >= left && x <= left + 0.16 && y >= top && y <= 0.8) return WHITE;
  return BRAND;
}

function render(size) {
  const ss = 4;
  const px = Buffer.alloc(size * size * 4);
  for (let j = 0; j < size; j++)
    for (let i = 0; i < size; i++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (let sj = 0; sj < ss; sj++)
        for (let si = 0; si < ss; si++) {
          const c = shade((i + (si + 0.5) / ss) / size, (j + (sj + 0.5) / ss) / size);
          if (c) {
            r += c[0];
            g += c[1];
            b += c[2];
            a += 1;
          }
        }
      const o = (j * size + i) * 4;
      if (a > 0) {
        px[o] = Math.round(r / a);
        px[o + 1] = Math.round(g / a);
        px[o + 2] = Math.round(b / a);
      }
      px[o + 3] = Math.round((255 * a) / (ss * ss));
    }
  return png(size, size, px);
}

function png(w, h, rgba) {
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) rgba.copy(raw, y * (w * 4 + 1) + 1, y * w * 4, (y + 1) * w * 4);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return c ^ 0xffffffff;
}

/** The ribbon's sizes: 16, 32 and 80 are required, the others used at higher display scales. */
const ICON_SIZES = [16, 20, 24, 32, 40, 48, 64, 80];

const check = process.argv.includes('--check');
const stale = [];
for (const size of ICON_SIZES) {
  const file = new URL(`../assets/icon-${size}.png`, import.meta.url);
  const png = render(size);
  if (!check) writeFileSync(file, png);
  else if (!existsSync(file) || !readFileSync(file).equals(png)) stale.push(`assets/icon-${size}.png`);
}
if (check && stale.length > 0) {
  console.error(
    `${stale.join(', ')}: not what scripts/make-icons.mjs draws; run node scripts/make-icons.mjs`,
  );
  process.exit(1);
}
console.log(`${check ? 'checked' : 'wrote'} assets/icon-{${ICON_SIZES.join(',')}}.png`);
