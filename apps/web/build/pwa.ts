import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { transformWithOxc, type Plugin } from 'vite';

/**
 * The installable web app (issue 36), hand-written instead of vite-plugin-pwa: after the build is
 * written, one manifest per brand (pwa/manifest-<brand>.webmanifest; the server answers
 * /manifest.webmanifest with the request's brand's), the brand icons as PNG (192, 512, and a
 * maskable 512 with the mark inside the safe zone), and /sw.js compiled from src/sw/sw.ts with the
 * shell's file list injected (every built script and style, index.html, the brand logos).
 */

/** The brand mark of public/brands/*.svg: a rounded square and the paw, in a 48 x 48 box. */
const PAW: Array<{ cx: number; cy: number; rx: number; ry: number; deg: number }> = [
  { cx: 24, cy: 29.5, rx: 8.2, ry: 6.6, deg: 0 },
  { cx: 13.6, cy: 20.8, rx: 3.1, ry: 3.9, deg: -22 },
  { cx: 19.4, cy: 14.6, rx: 3.2, ry: 4.2, deg: -6 },
  { cx: 28.6, cy: 14.6, rx: 3.2, ry: 4.2, deg: 6 },
  { cx: 34.4, cy: 20.8, rx: 3.1, ry: 3.9, deg: 22 },
];

function hexColour(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** An RGBA image as PNG (8 bits per channel, no filter). */
function png(size: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The mark drawn at `size` pixels, 4 x 4 samples per pixel. `maskable`: the colour fills the whole
 * square and the paw shrinks into the middle 60 % (the safe zone a launcher's mask keeps).
 */
export function iconPng(size: number, colour: string, maskable: boolean): Buffer {
  const [r, g, b] = hexColour(colour);
  const rgba = Buffer.alloc(size * size * 4);
  const scale = size / 48;
  const pawScale = maskable ? 0.72 : 1;
  const radius = 13;
  const ellipses = PAW.map((e) => ({
    ...e,
    cos: Math.cos((-e.deg * Math.PI) / 180),
    sin: Math.sin((-e.deg * Math.PI) / 180),
  }));
  const inSquare = (x: number, y: number) => {
    if (maskable) return true;
    const dx = Math.max(radius - x, x - (48 - radius), 0);
    const dy = Math.max(radius - y, y - (48 - radius), 0);
    return dx * dx + dy * dy <= radius * radius;
  };
  const inPaw = (x: number, y: number) => {
    const px = (x - 24) / pawScale + 24;
    const py = (y - 24) / pawScale + 24;
    return ellipses.some((e) => {
      const dx = px - e.cx;
      const dy = py - e.cy;
      const u = dx * e.cos - dy * e.sin;
      const v = dx * e.sin + dy * e.cos;
      return (u * u) / (e.rx * e.rx) + (v * v) / (e.ry * e.ry) <= 1;
    });
  };
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let square = 0;
      let paw = 0;
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          const ux = (x + (sx + 0.5) / 4) / scale;
          const uy = (y + (sy + 0.5) / 4) / scale;
          if (inSquare(ux, uy)) {
            square++;
            if (inPaw(ux, uy)) paw++;
          }
        }
      }
      const at = (y * size + x) * 4;
      if (square === 0) continue;
      const white = paw / square;
      rgba[at] = Math.round(r + (255 - r) * white);
      rgba[at + 1] = Math.round(g + (255 - g) * white);
      rgba[at + 2] = Math.round(b + (255 - b) * white);
      rgba[at + 3] = Math.round((square / 16) * 255);
    }
  }
  return png(size, rgba);
}

interface BrandMark {
  id: string;
  name: string;
  colour: string;
}

/** Each brand of public/brands: its id (file name), name (<title>) and colour (the mark's first fill). */
async function brandMarks(publicDir: string): Promise<BrandMark[]> {
  const dir = path.join(publicDir, 'brands');
  const files = (await fs.readdir(dir)).filter((file) => file.endsWith('.svg')).sort();
  return Promise.all(
    files.map(async (file) => {
      const svg = await fs.readFile(path.join(dir, file), 'utf8');
      return {
        id: file.replace(/\.svg$/, ''),
        name: /<title[^>]*>([^<]+)<\/title>/.exec(svg)?.[1]?.trim() ?? file,
        colour: /fill="(#[0-9A-Fa-f]{6})"/.exec(svg)?.[1] ?? '#D35400',
      };
    }),
  );
}

function manifestOf(brand: BrandMark): Record<string, unknown> {
  const shortName = brand.name.length <= 12 ? brand.name : brand.name.split(' ').slice(0, 2).join(' ');
  return {
    id: '/',
    name: brand.name,
    short_name: shortName,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brand.colour,
    background_color: '#FFFFFF',
    icons: [
      { src: `/pwa/${brand.id}-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `/pwa/${brand.id}-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `/pwa/${brand.id}-maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

async function walk(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    ),
  );
  return nested.flat();
}

export function pwa(options: { swSource: string }): Plugin {
  let outDir = '';
  let publicDir = '';
  return {
    name: 'pet-pwa',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    // writeBundle: everything is on disk, and it ends before the precompress plugin's closeBundle.
    async writeBundle() {
      const pwaDir = path.join(outDir, 'pwa');
      await fs.mkdir(pwaDir, { recursive: true });
      const brands = await brandMarks(publicDir);
      for (const brand of brands) {
        await fs.writeFile(
          path.join(pwaDir, `manifest-${brand.id}.webmanifest`),
          JSON.stringify(manifestOf(brand), null, 2),
        );
        await fs.writeFile(path.join(pwaDir, `${brand.id}-192.png`), iconPng(192, brand.colour, false));
        await fs.writeFile(path.join(pwaDir, `${brand.id}-512.png`), iconPng(512, brand.colour, false));
        await fs.writeFile(
          path.join(pwaDir, `${brand.id}-maskable-512.png`),
          iconPng(512, brand.colour, true),
        );
      }
      // The notification icon (the same mark for every brand).
      await fs.copyFile(path.join(pwaDir, `${brands[0]!.id}-192.png`), path.join(pwaDir, 'icon-192.png'));

      const files = (await walk(outDir))
        .map((file) => `/${path.relative(outDir, file).split(path.sep).join('/')}`)
        .filter((file) => /^\/assets\/.+\.(js|css)$/.test(file) || /^\/brands\/.+\.svg$/.test(file))
        .sort();
      const precache = ['/index.html', '/favicon.svg', '/pwa/icon-192.png', ...files];
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      const source = await fs.readFile(options.swSource, 'utf8');
      const { code } = await transformWithOxc(source, options.swSource, { lang: 'ts' });
      const sw = code
        .replace(/^export \{\};?\s*$/m, '')
        .replace('__PRECACHE_MANIFEST__', JSON.stringify(precache))
        .replace('__SW_VERSION__', JSON.stringify(version));
      if (sw.includes('__PRECACHE_MANIFEST__') || sw.includes('__SW_VERSION__')) {
        throw new Error('pwa: the service worker still names a build placeholder');
      }
      await fs.writeFile(path.join(outDir, 'sw.js'), sw);
    },
  };
}
