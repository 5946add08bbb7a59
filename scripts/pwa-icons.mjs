// Draws the web app's install icons (apps/web/public/icons) from the favicon's star, without an
// image library: rasterised here with 4x4 supersampling and written as PNG. Run when the logo
// changes: `node scripts/pwa-icons.mjs`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BACKGROUND = [0x0e, 0x10, 0x16];
const STAR = [0xf5, 0xc5, 0x42];
// The favicon's star on its 32x32 grid.
const STAR_POINTS = [
  [16, 5],
  [19.4, 12],
  [27, 13.1],
  [21.5, 18.4],
  [22.8, 26],
  [16, 22.4],
  [9.2, 26],
  [10.5, 18.4],
  [5, 13.1],
  [12.6, 12],
];

function inside(x, y, points) {
  let hit = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** `scale` shrinks the star toward the centre (maskable icons keep it in the safe zone). */
function icon(size, scale) {
  const rows = [];
  const SAMPLES = 4;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      let hits = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const gx = 16 + (((x + (sx + 0.5) / SAMPLES) / size) * 32 - 16) / scale;
          const gy = 16 + (((y + (sy + 0.5) / SAMPLES) / size) * 32 - 16) / scale;
          if (inside(gx, gy, STAR_POINTS)) hits++;
        }
      }
      const a = hits / (SAMPLES * SAMPLES);
      for (let c = 0; c < 3; c++) {
        row[1 + x * 3 + c] = Math.round(BACKGROUND[c] * (1 - a) + STAR[c] * a);
      }
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dir = 'apps/web/public/icons';
mkdirSync(dir, { recursive: true });
for (const size of [192, 512]) {
  writeFileSync(`${dir}/icon-${size}.png`, icon(size, 1));
  writeFileSync(`${dir}/maskable-${size}.png`, icon(size, 0.7));
}
writeFileSync(`${dir}/apple-touch-icon.png`, icon(180, 0.85));
