#!/usr/bin/env node
/**
 * Draws the demo media of the club (no downloads): a scene per experience and category (demo-scenes.mjs)
 * rendered to WebP at several widths for srcset, with media/variants.json naming the widths of each
 * image; partner wordmarks, PDF materials and the looping home header video with its poster.
 * Output: apps/server/media (committed; keep it under 5 MB).
 *
 * Needs Debian's librsvg2-bin (rsvg-convert), webp (cwebp) and ffmpeg at generation time only:
 *   apt-get install -y librsvg2-bin webp ffmpeg && node apps/server/scripts/generate-demo-media.mjs
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { car, GOLD, rng, scene } from './demo-scenes.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.resolve(here, '../media');
const TMP = mkdtempSync(path.join(os.tmpdir(), 'club-media-'));

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/* ---------- the pictures the seed refers to, each at the widths its pages ask for ---------- */

/** Widths per use (docs/decisions/media-variants.md): the largest is the file itself, the others `<name>-<w>w.webp`. */
const SIZES = {
  product: { w: 1600, h: 900, widths: [480, 768, 1200, 1600] },
  productMobile: { w: 750, h: 900, widths: [480, 750] },
  category: { w: 1200, h: 800, widths: [480, 768, 1200] },
  banner: { w: 1920, h: 560, widths: [768, 1200, 1920] },
  bannerMobile: { w: 800, h: 640, widths: [480, 800] },
  photo: { w: 1600, h: 1067, widths: [480, 768, 1200, 1600] },
  intro: { w: 1600, h: 1000, widths: [480, 768, 1200, 1600] },
};

/** [file name, scene, options]: each experience of the seed gets its own subject. */
const PRODUCT_SCENES = [
  ['track-day', 'track', { time: 'golden' }],
  ['track-grid', 'track', { time: 'day', grid: true }],
  ['pit-lane', 'track', { time: 'dusk', pit: true }],
  ['night-laps', 'track', { time: 'night' }],
  ['drift-school', 'track', { time: 'dusk', drift: true }],
  ['m-masterclass', 'academy', {}],
  ['ice-driving', 'snow', {}],
  ['lapland-winter', 'snow', { aurora: true }],
  ['alpine-passes', 'alpine', {}],
  ['dolomites', 'alpine', { dolomites: true }],
  ['riviera-grand-tour', 'coast', {}],
  ['amalfi-coast', 'coast', { village: true }],
  ['sahara-rally', 'desert', {}],
  ['tuscany-tour', 'countryside', {}],
  ['golf-cup', 'countryside', { golf: true }],
  ['baltic-sailing', 'yachts', {}],
  ['gala-evening', 'lounge', {}],
  ['chefs-table', 'lounge', { table: true }],
  ['opera-night', 'theatre', {}],
  ['museum-night', 'showroom', {}],
  ['private-preview', 'showroom', { covered: true }],
];

/** The category pictures: track, the alpine road, the lounge, the academy's cones. */
const CATEGORY_SCENES = {
  track: ['track', { time: 'golden', pit: true }],
  trips: ['alpine', {}],
  lifestyle: ['lounge', {}],
  academy: ['academy', {}],
};

/** Event photographs shared by the galleries and the product slideshows (numbered as the seed's photo()). */
const PHOTO_SCENES = [
  ['track', { time: 'golden' }],
  ['track', { time: 'day', grid: true }],
  ['track', { time: 'dusk', pit: true }],
  ['track', { time: 'night' }],
  ['track', { time: 'dusk', drift: true }],
  ['academy', {}],
  ['academy', { wet: false }],
  ['snow', {}],
  ['snow', { aurora: true }],
  ['alpine', {}],
  ['alpine', { dolomites: true }],
  ['coast', {}],
  ['coast', { village: true }],
  ['desert', {}],
  ['countryside', {}],
  ['countryside', { golf: true }],
  ['yachts', {}],
  ['lounge', {}],
  ['lounge', { table: true }],
  ['theatre', {}],
  ['showroom', {}],
  ['showroom', { covered: true }],
  ['city', {}],
  ['desert', { night: true }],
];

const manifest = {};

/** Renders a scene at each width of its size (a fresh drawing per width, sharper than a resize). */
function render(file, kind, size, seed, options, quality = 60) {
  const base = file.replace(/\.webp$/, '');
  const svgPath = path.join(TMP, 'scene.svg');
  const pngPath = path.join(TMP, 'scene.png');
  writeFileSync(svgPath, scene(kind, size.w, size.h, seed, options));
  const largest = Math.max(...size.widths);
  for (const width of size.widths) {
    const out = path.join(OUT, width === largest ? file : `${base}-${width}w.webp`);
    mkdirSync(path.dirname(out), { recursive: true });
    execFileSync('rsvg-convert', ['-w', String(width), '-o', pngPath, svgPath]);
    execFileSync('cwebp', ['-quiet', '-q', String(quality), '-m', '6', '-sharp_yuv', pngPath, '-o', out]);
  }
  manifest[file] = [...size.widths].sort((a, b) => a - b);
}

function generateImages() {
  for (const dir of ['categories', 'products', 'gallery', 'home'])
    rmSync(path.join(OUT, dir), { recursive: true, force: true });
  let seed = 11;
  for (const [name, [kind, options]] of Object.entries(CATEGORY_SCENES)) {
    render(`categories/${name}.webp`, kind, SIZES.category, seed++, options);
    render(`categories/${name}-banner.webp`, kind, SIZES.banner, seed++, options);
    render(`categories/${name}-banner-mobile.webp`, kind, SIZES.bannerMobile, seed++, options);
  }
  for (const [name, kind, options] of PRODUCT_SCENES) {
    render(`products/${name}.webp`, kind, SIZES.product, seed++, options);
    render(`products/${name}-mobile.webp`, kind, SIZES.productMobile, seed++, options);
  }
  PHOTO_SCENES.forEach(([kind, options], i) => {
    render(
      `gallery/photo-${String(i + 1).padStart(2, '0')}.webp`,
      kind,
      SIZES.photo,
      500 + i * 7,
      options,
      56,
    );
  });
  render('home/intro.webp', 'coast', SIZES.intro, 4242, {});
  const lines = Object.entries(manifest).map(
    ([file, widths]) => `  ${JSON.stringify(file)}: ${JSON.stringify(widths)}`,
  );
  writeFileSync(path.join(OUT, 'variants.json'), `{\n${lines.join(',\n')}\n}\n`);
}

/* ---------- partner wordmarks ---------- */
const PARTNERS = [
  ['aurum-horology', 'AURUM', 'HOROLOGY'],
  ['velluto-hotels', 'VELLUTO', 'HOTELS & RESORTS'],
  ['nordwind-yachts', 'NORDWIND', 'YACHT CHARTER'],
  ['maison-lumiere', 'Maison Lumière', 'CHAMPAGNE'],
  ['altitude-aviation', 'ALTITUDE', 'PRIVATE AVIATION'],
  ['silesia-circuit', 'SILESIA', 'CIRCUIT'],
];
function generatePartners() {
  mkdirSync(path.join(OUT, 'partners'), { recursive: true });
  for (const [file, name, tag] of PARTNERS) {
    const serif = name.includes('Maison');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="240" viewBox="0 0 480 240">
  <rect width="480" height="240" fill="#101114"/>
  <rect x="12" y="12" width="456" height="216" fill="none" stroke="${GOLD}" stroke-opacity="0.5"/>
  <text x="240" y="128" text-anchor="middle" font-family="${serif ? 'Georgia, serif' : 'Helvetica, Arial, sans-serif'}"
    font-size="${serif ? 44 : 46}" letter-spacing="${serif ? 1 : 8}" fill="#EDE6D6" font-weight="${serif ? 400 : 300}">${esc(name)}</text>
  <line x1="200" y1="150" x2="280" y2="150" stroke="${GOLD}" stroke-width="2"/>
  <text x="240" y="178" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="14" letter-spacing="5" fill="${GOLD}">${esc(tag)}</text>
</svg>`;
    writeFileSync(path.join(OUT, 'partners', `${file}.svg`), svg);
  }
}

/* ---------- PDF materials (plain text, standard font) ---------- */
function pdf(title, lines) {
  const ascii = (s) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ł/g, 'l')
      .replace(/Ł/g, 'L')
      .replace(/[()\\]/g, '');
  const content = [
    `BT /F1 22 Tf 72 760 Td (${ascii(title)}) Tj ET`,
    '0.565 0.447 0.173 RG 2 w 72 745 m 200 745 l S',
    ...lines.map((l, i) => `BT /F1 11 Tf 72 ${715 - i * 18} Td (${ascii(l)}) Tj ET`),
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return body;
}
function generateFiles() {
  mkdirSync(path.join(OUT, 'files'), { recursive: true });
  const docs = {
    'programme-track-day.pdf': [
      'Excellence Club - Track Day programme',
      [
        '08:00  Registration and breakfast in the paddock',
        '09:00  Safety briefing with the instructors',
        '10:00  Sighting laps behind the pace car',
        '11:00  Coached sessions, three groups',
        '13:00  Lunch at the circuit lounge',
        '14:30  Timed laps and hot laps with a professional driver',
        '17:00  Closing ceremony',
      ],
    ],
    'regulamin-wydarzen.pdf': [
      'Regulamin wydarzen Excellence Club',
      [
        '1. Udzial w wydarzeniu wymaga waznej karty klubowej.',
        '2. Kierowca musi posiadac wazne prawo jazdy kat. B.',
        '3. Organizator zapewnia samochody, ubezpieczenie i instruktorow.',
        '4. Rezygnacja do 14 dni przed wydarzeniem: zwrot 100% oplaty.',
        '5. Rezygnacja pozniej: mozliwosc wskazania osoby zastepczej.',
      ],
    ],
    'itinerary-alpine-passes.pdf': [
      'Alpine Passes - itinerary',
      [
        'Day 1  Arrival in Innsbruck, welcome dinner',
        'Day 2  Timmelsjoch and Passo del Rombo',
        'Day 3  Stelvio Pass, 48 hairpins',
        'Day 4  Bernina and St. Moritz',
        'Day 5  Return flight from Zurich',
      ],
    ],
  };
  for (const [file, [title, lines]] of Object.entries(docs))
    writeFileSync(path.join(OUT, 'files', file), pdf(title, lines));
}

/* ---------- the home header video: a looping night drive ---------- */
/** One tile of the night city behind the bridge, drawn once: the film scrolls it by whole tiles. */
function skylineTile(w, h, seed, { far }) {
  const r = rng(seed);
  const base = h * (far ? 0.58 : 0.62);
  let out = '';
  let x = 0;
  while (x < w) {
    const bw = w * (far ? 0.02 + r() * 0.03 : 0.035 + r() * 0.05);
    const bh = h * (far ? 0.1 + r() * 0.22 : 0.12 + r() * 0.3);
    out += `<rect x="${x.toFixed(1)}" y="${(base - bh).toFixed(1)}" width="${bw.toFixed(1)}" height="${(bh + 2).toFixed(1)}" fill="${far ? '#0b1120' : '#06080e'}"/>`;
    const cols = Math.max(2, Math.floor(bw / 7));
    const rows = Math.floor(bh / 9);
    for (let c = 0; c < cols; c++)
      for (let k = 0; k < rows; k++)
        if (r() > (far ? 0.75 : 0.6))
          out += `<rect x="${(x + (c + 0.25) * (bw / cols)).toFixed(1)}" y="${(base - bh + 4 + k * 9).toFixed(1)}" width="${((bw / cols) * 0.5).toFixed(1)}" height="3" fill="${r() > 0.8 ? '#9fc3ff' : '#ffd08a'}" fill-opacity="${(far ? 0.25 : 0.45) + r() * 0.4}"/>`;
    x += bw + w * 0.004;
  }
  return out;
}

/** The home header film: a night drive across a bridge, the city and the traffic's light trails passing. */
function videoFrame(t, w, h, tiles) {
  // t in [0,1): everything moves by whole periods, so the last frame meets the first.
  const deck = h * 0.78;
  const farX = -(t * w) % w;
  const nearX = -(t * 2 * w) % w;
  let trails = '';
  for (let i = 0; i < 10; i++) {
    const phase = (i / 10 + t * 3) % 1;
    const x = w * 1.2 - phase * w * 1.8;
    const y = deck - h * (0.02 + (i % 3) * 0.012);
    const red = i % 2 === 0;
    trails += `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(w * 0.3).toFixed(1)}" height="${2 + (i % 3)}" rx="1.5" fill="${red ? '#ff4a36' : '#fff1d0'}" fill-opacity="0.85" filter="url(#trail)"/>`;
  }
  let posts = '';
  const gap = w / 16;
  for (let i = -1; i < 17; i++) {
    const x = i * gap - ((t * 12 * gap) % gap);
    posts += `<rect x="${x.toFixed(1)}" y="${(deck - h * 0.05).toFixed(1)}" width="3" height="${(h * 0.05).toFixed(1)}" fill="#1c1f26"/>`;
  }
  const cw = w * 0.42;
  const cx = w * 0.5;
  const cy = h * 0.93;
  const bob = Math.sin(t * Math.PI * 16) * h * 0.0015;
  const spokes = (wx) => {
    let out = '';
    const angle = t * 360 * 24;
    for (let k = 0; k < 5; k++)
      out += `<line x1="${wx}" y1="${cy}" x2="${wx}" y2="${cy - cw * 0.048}" stroke="#e0b85c" stroke-opacity="0.5" stroke-width="${cw * 0.008}" transform="rotate(${angle + k * 72} ${wx} ${cy})"/>`;
    return out;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#03050a"/><stop offset="0.6" stop-color="#101a30"/><stop offset="1" stop-color="#2a2338"/></linearGradient>
    <radialGradient id="haze" cx="0.5" cy="0.62" r="0.6"><stop offset="0" stop-color="#ffb86a" stop-opacity="${0.22 + 0.03 * Math.sin(t * Math.PI * 2)}"/><stop offset="1" stop-color="#ffb86a" stop-opacity="0"/></radialGradient>
    <linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1a1a2a"/><stop offset="1" stop-color="#040509"/></linearGradient>
    <linearGradient id="sheen" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></linearGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff4d8" stop-opacity="0.4"/><stop offset="1" stop-color="#fff4d8" stop-opacity="0"/></linearGradient>
    <filter id="trail" x="-10%" y="-400%" width="120%" height="900%"><feGaussianBlur stdDeviation="3 1.5"/></filter>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <rect width="${w}" height="${h}" fill="url(#haze)"/>
  <g transform="translate(${farX.toFixed(1)} 0)">${tiles.far}<g transform="translate(${w} 0)">${tiles.far}</g></g>
  <rect x="0" y="${(h * 0.6).toFixed(1)}" width="${w}" height="${(h * 0.4).toFixed(1)}" fill="url(#water)"/>
  <g transform="translate(${nearX.toFixed(1)} 0)">${tiles.near}<g transform="translate(${w} 0)">${tiles.near}</g></g>
  <rect x="0" y="${(h * 0.62).toFixed(1)}" width="${w}" height="${(h * 0.1).toFixed(1)}" fill="#ffd08a" fill-opacity="0.05"/>
  ${trails}
  ${posts}
  <rect x="0" y="${(deck - h * 0.052).toFixed(1)}" width="${w}" height="4" fill="#2a2e38"/>
  <rect x="0" y="${deck.toFixed(1)}" width="${w}" height="${(h - deck).toFixed(1)}" fill="#0a0b0f"/>
  <rect x="0" y="${deck.toFixed(1)}" width="${w}" height="2" fill="${GOLD}" fill-opacity="0.6"/>
  <g transform="translate(0 ${bob.toFixed(2)})">${car(cx - cw / 2, cy, cw, '#161a22', '#e0b85c', { lights: true })}${spokes(cx - cw / 2 + cw * 0.2)}${spokes(cx - cw / 2 + cw * 0.8)}</g>
</svg>`;
}
function generateVideo() {
  const w = 1280;
  const h = 720;
  const fps = 24;
  const seconds = 8;
  const frames = fps * seconds;
  const tiles = { far: skylineTile(w, h, 7, { far: true }), near: skylineTile(w, h, 19, { far: false }) };
  const dir = path.join(TMP, 'frames');
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < frames; i++) {
    const svgPath = path.join(dir, 'f.svg');
    writeFileSync(svgPath, videoFrame(i / frames, w, h, tiles));
    execFileSync('rsvg-convert', ['-o', path.join(dir, `f${String(i).padStart(4, '0')}.png`), svgPath]);
  }
  mkdirSync(path.join(OUT, 'video'), { recursive: true });
  const input = ['-y', '-loglevel', 'error', '-framerate', String(fps), '-i', path.join(dir, 'f%04d.png')];
  execFileSync('ffmpeg', [
    ...input,
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '42',
    '-pix_fmt',
    'yuv420p',
    '-an',
    path.join(OUT, 'video/home-header.webm'),
  ]);
  execFileSync('ffmpeg', [
    ...input,
    '-c:v',
    'libx264',
    '-crf',
    '30',
    '-preset',
    'slow',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-an',
    path.join(OUT, 'video/home-header.mp4'),
  ]);
  execFileSync('cwebp', [
    '-quiet',
    '-q',
    '70',
    path.join(dir, 'f0000.png'),
    '-o',
    path.join(OUT, 'video/home-header-poster.webp'),
  ]);
  // A short clip for the product pages' embedded video.
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-i',
    path.join(OUT, 'video/home-header.webm'),
    '-vf',
    'scale=960:540',
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '44',
    '-an',
    path.join(OUT, 'video/track-experience.webm'),
  ]);
}

mkdirSync(OUT, { recursive: true });
const only = process.argv[2];
if (!only || only === 'images') generateImages();
if (!only || only === 'partners') generatePartners();
if (!only || only === 'files') generateFiles();
if (!only || only === 'video') generateVideo();
writeFileSync(
  path.join(OUT, 'README.md'),
  [
    '# Demo media',
    '',
    'Generated by `apps/server/scripts/generate-demo-media.mjs` (scenes in `demo-scenes.mjs`; no downloads).',
    'Served under `/panel/media/`. Each picture exists at several widths: the largest is `<name>.webp`,',
    'the others `<name>-<width>w.webp`; `variants.json` lists the widths of every picture, and the API',
    'turns them into `srcset` strings (docs/decisions/media-variants.md). Regenerate everything with',
    '`node apps/server/scripts/generate-demo-media.mjs`, or one part with `images`, `partners`, `files`, `video`',
    "(needs Debian's librsvg2-bin, webp and ffmpeg; about 5 minutes on two cores).",
    '',
    'Each experience and category has its own scene (`PRODUCT_SCENES`, `CATEGORY_SCENES`, `PHOTO_SCENES`): a circuit',
    "with kerbs, pit lane or start lights, night laps, drifting, the academy's cones and instructor, a frozen lake,",
    "Lapland's aurora, alpine and Dolomite switchbacks, the Riviera and Amalfi coast roads, dunes, Tuscany, golf,",
    "a regatta, the gala's champagne, a chef's table, the theatre, a museum hall and a covered car before its",
    'preview. The seed (`src/db/seed/catalog.ts`) names them. Everything here stays under 5 MB.',
    '',
  ].join('\n'),
);
rmSync(TMP, { recursive: true, force: true });
console.log('demo media written to', OUT);
