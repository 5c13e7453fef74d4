// Writes build/icon.png (512x512 RGBA) from the same shapes as build/icon.svg, with no image
// library: shapes are sampled 4x4 per pixel and the PNG is encoded with node:zlib. Also the tray
// icons: tray-icon.png (32x32, in colour, Windows and Linux) and the macOS menu-bar template
// trayTemplate.png / trayTemplate@2x.png (black and clear only: macOS tints it for light and dark
// menu bars, and treats a file whose name ends in "Template" as a template image).
// Usage: node build/make-icon.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

/** the design's own size: shapes are drawn in this square and scaled to each output */
const DESIGN = 512;
const SAMPLES = 4;

const inRoundRect = (x, y, left, top, right, bottom, r) => {
  const cx = Math.min(Math.max(x, left + r), right - r);
  const cy = Math.min(Math.max(y, top + r), bottom - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= left && x <= right && y >= top && y <= bottom;
};

const nearSegment = (x, y, [ax, ay], [bx, by], halfWidth) => {
  const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return (x - (ax + t * (bx - ax))) ** 2 + (y - (ay + t * (by - ay))) ** 2 <= halfWidth * halfWidth;
};

const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));
const TOP = [0, 152, 234];
const BOTTOM = [0, 99, 178];
const WHITE = [255, 255, 255];
const GREEN = [34, 197, 94];
const CHECK = [
  [336, 374],
  [362, 400],
  [410, 346],
];

/** The colour of one sample point, or null where the icon is transparent. */
function sample(x, y) {
  if (!inRoundRect(x, y, 16, 16, 496, 496, 112)) return null;
  if (nearSegment(x, y, CHECK[0], CHECK[1], 11) || nearSegment(x, y, CHECK[1], CHECK[2], 11)) return WHITE;
  if ((x - 372) ** 2 + (y - 372) ** 2 <= 84 * 84) return GREEN;
  if ((x - 372) ** 2 + (y - 372) ** 2 <= 100 * 100) return mix(TOP, BOTTOM, y / DESIGN);
  if (inRoundRect(x, y, 112, 116, 400, 180, 24) || inRoundRect(x, y, 224, 116, 288, 404, 24)) return WHITE;
  return mix(TOP, BOTTOM, y / DESIGN);
}

/** The template: the badge in black with the T and the tick cut out, so it reads on any menu bar. */
function templateSample(x, y) {
  const c = sample(x, y);
  return c && c !== WHITE ? [0, 0, 0] : null;
}

function render(size, paint) {
  const scale = DESIGN / size;
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const c = paint((x + (sx + 0.5) / SAMPLES) * scale, (y + (sy + 0.5) / SAMPLES) * scale);
          if (c) {
            acc[0] += c[0];
            acc[1] += c[1];
            acc[2] += c[2];
            acc[3] += 1;
          }
        }
      }
      const o = y * (size * 4 + 1) + 1 + x * 4;
      if (acc[3] > 0) for (let i = 0; i < 3; i++) rows[o + i] = Math.round(acc[i] / acc[3]);
      rows[o + 3] = Math.round((255 * acc[3]) / (SAMPLES * SAMPLES));
    }
  }
  return rows;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function writePng(name, size, paint) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(render(size, paint), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  writeFileSync(new URL(`./${name}`, import.meta.url), png);
  console.log(`build/${name} ${size}x${size}, ${png.length} bytes`);
}

writePng('icon.png', DESIGN, sample);
writePng('tray-icon.png', 32, sample);
writePng('trayTemplate.png', 16, templateSample);
writePng('trayTemplate@2x.png', 32, templateSample);
