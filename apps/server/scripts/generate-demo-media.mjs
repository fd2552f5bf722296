#!/usr/bin/env node
/**
 * Draws the demo media of the club (no downloads): abstract premium-automotive scenes as SVG,
 * rendered to WebP in desktop and mobile sizes, partner wordmarks, PDF materials and the looping
 * home header video with its poster. Output: apps/server/media (committed; keep it under 5 MB).
 *
 * Needs Debian's librsvg2-bin (rsvg-convert), webp (cwebp) and ffmpeg at generation time only:
 *   apt-get install -y librsvg2-bin webp ffmpeg && node apps/server/scripts/generate-demo-media.mjs
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.resolve(here, '../media');
const TMP = mkdtempSync(path.join(os.tmpdir(), 'club-media-'));

/* ---------- a tiny deterministic random ---------- */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/* ---------- palettes: dark, refined, with the club's gold ---------- */
const GOLD = '#90722C';
const PALETTES = {
  track: { sky: ['#07080b', '#161a22', '#2a2418'], glow: '#c9a24a', land: '#0b0c10', accent: '#e0b85c' },
  alpine: { sky: ['#0a1220', '#1d3147', '#b78b4a'], glow: '#f2c873', land: '#0c1624', accent: '#f5dfb0' },
  ice: { sky: ['#0b1420', '#2a4a66', '#cfe3ef'], glow: '#e8f4ff', land: '#dce9f2', accent: '#9cc3dc' },
  coast: { sky: ['#0c0f1c', '#3a2a3a', '#d08b4a'], glow: '#ffcf8a', land: '#0a0e18', accent: '#f2a65a' },
  gala: { sky: ['#07060a', '#1a1420', '#3b2c17'], glow: '#d9b25f', land: '#08070b', accent: '#f0d28a' },
  desert: { sky: ['#120c08', '#5a3418', '#e0a35a'], glow: '#ffd9a0', land: '#2a1a0e', accent: '#f3c27a' },
  city: { sky: ['#05070c', '#101a2c', '#24324f'], glow: '#7fa6ff', land: '#06080d', accent: '#c9a24a' },
  vineyard: { sky: ['#0d0b10', '#3a2a2a', '#c98a55'], glow: '#ffd49a', land: '#1a1410', accent: '#b5884a' },
};

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A low, long coupé in profile: the club's cars without any maker's badge. */
function car(x, y, w, colour, highlight) {
  const h = w * 0.22;
  const wheelR = w * 0.085;
  const body = `M ${x} ${y}
    C ${x + w * 0.02} ${y - h * 0.45}, ${x + w * 0.12} ${y - h * 0.55}, ${x + w * 0.26} ${y - h * 0.6}
    C ${x + w * 0.36} ${y - h * 1.05}, ${x + w * 0.52} ${y - h * 1.12}, ${x + w * 0.64} ${y - h * 0.98}
    C ${x + w * 0.74} ${y - h * 0.82}, ${x + w * 0.8} ${y - h * 0.66}, ${x + w * 0.93} ${y - h * 0.58}
    C ${x + w * 0.99} ${y - h * 0.52}, ${x + w * 1.0} ${y - h * 0.3}, ${x + w} ${y - h * 0.12}
    L ${x + w} ${y} Z`;
  const glass = `M ${x + w * 0.34} ${y - h * 0.66}
    C ${x + w * 0.42} ${y - h * 0.98}, ${x + w * 0.54} ${y - h * 1.0}, ${x + w * 0.63} ${y - h * 0.9}
    L ${x + w * 0.7} ${y - h * 0.68} Z`;
  const wheel = (cx) => `
    <circle cx="${cx}" cy="${y}" r="${wheelR}" fill="#050507"/>
    <circle cx="${cx}" cy="${y}" r="${wheelR * 0.62}" fill="none" stroke="${highlight}" stroke-opacity="0.55" stroke-width="${wheelR * 0.08}"/>
    <circle cx="${cx}" cy="${y}" r="${wheelR * 0.18}" fill="${highlight}" fill-opacity="0.5"/>`;
  return `
  <g>
    <ellipse cx="${x + w / 2}" cy="${y + wheelR * 0.9}" rx="${w * 0.56}" ry="${wheelR * 0.35}" fill="#000" fill-opacity="0.55"/>
    <path d="${body}" fill="${colour}"/>
    <path d="${body}" fill="url(#sheen)" />
    <path d="${glass}" fill="#0c0f14" fill-opacity="0.85"/>
    <path d="M ${x + w * 0.06} ${y - h * 0.42} C ${x + w * 0.4} ${y - h * 0.62}, ${x + w * 0.7} ${y - h * 0.58}, ${x + w * 0.97} ${y - h * 0.4}"
      fill="none" stroke="${highlight}" stroke-opacity="0.7" stroke-width="${w * 0.004}"/>
    <rect x="${x + w * 0.955}" y="${y - h * 0.48}" width="${w * 0.04}" height="${h * 0.08}" rx="${h * 0.04}" fill="#fff3d6" fill-opacity="0.9"/>
    <rect x="${x + w * 0.002}" y="${y - h * 0.42}" width="${w * 0.025}" height="${h * 0.07}" rx="${h * 0.03}" fill="#b3261e" fill-opacity="0.9"/>
    ${wheel(x + w * 0.2)}
    ${wheel(x + w * 0.8)}
  </g>`;
}

function mountains(w, h, p, r, layers = 3) {
  let out = '';
  for (let l = 0; l < layers; l++) {
    const base = h * (0.55 + l * 0.1);
    let d = `M 0 ${h} L 0 ${base}`;
    const steps = 7 + l * 2;
    for (let i = 0; i <= steps; i++) {
      const x = (w / steps) * i;
      const peak = base - h * (0.28 - l * 0.07) * (0.4 + r() * 0.6);
      d += ` L ${x - w / steps / 2} ${peak} L ${x} ${base - r() * h * 0.05}`;
    }
    d += ` L ${w} ${h} Z`;
    const shade = l === layers - 1 ? p.land : `url(#mtn${l})`;
    out += `<path d="${d}" fill="${shade}" fill-opacity="${0.75 + l * 0.1}"/>`;
  }
  return out;
}

function trackLines(w, h, p, r) {
  let out = '';
  for (let i = 0; i < 6; i++) {
    const y0 = h * (0.62 + i * 0.06);
    const bend = (r() - 0.5) * h * 0.3;
    out += `<path d="M ${-w * 0.1} ${y0 + h * 0.2} C ${w * 0.3} ${y0 - bend}, ${w * 0.6} ${y0 + bend}, ${w * 1.1} ${y0 - h * 0.08}"
      fill="none" stroke="${i % 2 ? p.accent : '#ffffff'}" stroke-opacity="${0.08 + i * 0.03}" stroke-width="${2 + i * 1.5}"
      ${i % 2 ? `stroke-dasharray="${40 + i * 10} ${30 + i * 8}"` : ''}/>`;
  }
  return out;
}

function bokeh(w, h, p, r, n = 28) {
  let out = '';
  for (let i = 0; i < n; i++) {
    const cx = r() * w;
    const cy = r() * h * 0.7;
    const rad = (0.01 + r() * 0.05) * w;
    out += `<circle cx="${cx}" cy="${cy}" r="${rad}" fill="${r() > 0.4 ? p.glow : p.accent}" fill-opacity="${0.04 + r() * 0.14}"/>`;
  }
  return out;
}

function skyline(w, h, p, r) {
  let out = '';
  let x = 0;
  while (x < w) {
    const bw = w * (0.03 + r() * 0.06);
    const bh = h * (0.15 + r() * 0.35);
    out += `<rect x="${x}" y="${h * 0.72 - bh}" width="${bw}" height="${bh + h}" fill="${p.land}"/>`;
    for (let k = 0; k < 6; k++) {
      if (r() > 0.5) {
        out += `<rect x="${x + r() * bw * 0.8}" y="${h * 0.72 - bh + r() * bh}" width="${w * 0.004}" height="${h * 0.01}" fill="${p.accent}" fill-opacity="0.6"/>`;
      }
    }
    x += bw + w * 0.004;
  }
  return out;
}

function sea(w, h, p, r) {
  let out = `<rect x="0" y="${h * 0.62}" width="${w}" height="${h * 0.38}" fill="url(#water)"/>`;
  for (let i = 0; i < 18; i++) {
    const y = h * (0.64 + r() * 0.34);
    const x = w * (0.35 + (r() - 0.5) * 0.4);
    out += `<rect x="${x}" y="${y}" width="${w * (0.05 + r() * 0.15)}" height="${Math.max(1, h * 0.003)}" fill="${p.glow}" fill-opacity="${0.2 + r() * 0.4}"/>`;
  }
  return out;
}

function hills(w, h, p, r) {
  let out = '';
  for (let l = 0; l < 3; l++) {
    const base = h * (0.6 + l * 0.12);
    out += `<path d="M 0 ${h} L 0 ${base} C ${w * 0.25} ${base - h * 0.12 * (1 + r())}, ${w * 0.6} ${base + h * 0.05}, ${w} ${base - h * 0.1 * r()} L ${w} ${h} Z"
      fill="${p.land}" fill-opacity="${0.6 + l * 0.2}"/>`;
    for (let k = 0; k < 14; k++) {
      const y = base + h * 0.03 + k * h * 0.012;
      out += `<path d="M 0 ${y} C ${w * 0.3} ${y - h * 0.05}, ${w * 0.6} ${y + h * 0.02}, ${w} ${y - h * 0.04}" fill="none" stroke="${p.accent}" stroke-opacity="0.08" stroke-width="2"/>`;
    }
  }
  return out;
}

/** One scene at a size; `seed` varies the details, so each experience gets its own picture. */
function scene(theme, w, h, seed, { withCar = true, carScale = 1 } = {}) {
  const p = PALETTES[theme];
  const r = rng(seed);
  const sunX = w * (0.2 + r() * 0.6);
  const sunY = h * (0.35 + r() * 0.15);
  let landscape = '';
  if (theme === 'alpine') landscape = mountains(w, h, p, r, 3);
  else if (theme === 'ice')
    landscape = `${mountains(w, h * 0.85, p, r, 2)}<rect x="0" y="${h * 0.68}" width="${w}" height="${h}" fill="url(#water)"/>`;
  else if (theme === 'coast') landscape = sea(w, h, p, r);
  else if (theme === 'gala')
    landscape = `${bokeh(w, h, p, r, 40)}<rect x="0" y="${h * 0.74}" width="${w}" height="${h}" fill="${p.land}"/>`;
  else if (theme === 'desert') landscape = hills(w, h, p, r);
  else if (theme === 'city') landscape = `${bokeh(w, h, p, r, 20)}${skyline(w, h, p, r)}`;
  else if (theme === 'vineyard') landscape = hills(w, h, p, r);
  else
    landscape = `<rect x="0" y="${h * 0.6}" width="${w}" height="${h}" fill="${p.land}"/>${trackLines(w, h, p, r)}`;

  const portrait = h > w;
  const carW = (portrait ? w * 0.95 : w * 0.5) * carScale;
  const carX = portrait ? w * 0.03 : w * (0.12 + r() * 0.3);
  const carY = portrait ? h * 0.82 : h * 0.86;
  const bodyColour = ['#14161b', '#1d2430', '#2b2f36', '#0f1a2a', '#2a2216'][Math.floor(r() * 5)];

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.sky[0]}"/><stop offset="0.6" stop-color="${p.sky[1]}"/><stop offset="1" stop-color="${p.sky[2]}"/>
    </linearGradient>
    <radialGradient id="sun" cx="${sunX / w}" cy="${sunY / h}" r="0.55">
      <stop offset="0" stop-color="${p.glow}" stop-opacity="0.55"/><stop offset="0.35" stop-color="${p.glow}" stop-opacity="0.12"/>
      <stop offset="1" stop-color="${p.glow}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="water" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.sky[2]}" stop-opacity="0.5"/><stop offset="1" stop-color="${p.sky[0]}"/>
    </linearGradient>
    <linearGradient id="mtn0" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[1]}"/><stop offset="1" stop-color="${p.land}"/></linearGradient>
    <linearGradient id="mtn1" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.land}"/></linearGradient>
    <linearGradient id="sheen" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0.02"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.4"/>
    </linearGradient>
    <linearGradient id="vignette" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="0.5" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.55"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <rect width="${w}" height="${h}" fill="url(#sun)"/>
  ${landscape}
  ${withCar ? car(carX, carY, carW, bodyColour, p.accent) : ''}
  <rect width="${w}" height="${h}" fill="url(#vignette)"/>
  <line x1="${w * 0.06}" y1="${h * 0.08}" x2="${w * 0.16}" y2="${h * 0.08}" stroke="${GOLD}" stroke-width="${Math.max(2, w * 0.002)}"/>
</svg>`;
}

function toWebp(svg, file, quality = 62) {
  const svgPath = path.join(TMP, 'scene.svg');
  const pngPath = path.join(TMP, 'scene.png');
  writeFileSync(svgPath, svg);
  execFileSync('rsvg-convert', ['-o', pngPath, svgPath]);
  const out = path.join(OUT, file);
  mkdirSync(path.dirname(out), { recursive: true });
  execFileSync('cwebp', ['-quiet', '-q', String(quality), '-m', '6', pngPath, '-o', out]);
}

/* ---------- the catalogue of pictures the seed refers to ---------- */
export const CATEGORY_THEMES = { track: 'track', trips: 'alpine', lifestyle: 'gala', academy: 'ice' };
const PRODUCT_SCENES = [
  ['track-day', 'track'],
  ['night-laps', 'city'],
  ['ice-driving', 'ice'],
  ['alpine-passes', 'alpine'],
  ['riviera-grand-tour', 'coast'],
  ['desert-expedition', 'desert'],
  ['gala-evening', 'gala'],
  ['vineyard-drive', 'vineyard'],
  ['m-masterclass', 'track'],
  ['lapland-winter', 'ice'],
  ['dolomites', 'alpine'],
  ['amalfi-coast', 'coast'],
  ['opera-night', 'gala'],
  ['tuscany-tour', 'vineyard'],
  ['city-concierge', 'city'],
  ['drift-school', 'track'],
  ['sahara-rally', 'desert'],
  ['baltic-sailing', 'coast'],
];

function generateImages() {
  let seed = 11;
  for (const [name, theme] of Object.entries(CATEGORY_THEMES)) {
    toWebp(scene(theme, 1200, 800, seed++), `categories/${name}.webp`);
    toWebp(scene(theme, 1920, 560, seed++, { carScale: 0.7 }), `categories/${name}-banner.webp`);
    toWebp(scene(theme, 800, 640, seed++, { carScale: 0.9 }), `categories/${name}-banner-mobile.webp`);
  }
  for (const [name, theme] of PRODUCT_SCENES) {
    toWebp(scene(theme, 1600, 900, seed++), `products/${name}.webp`);
    toWebp(scene(theme, 750, 900, seed++), `products/${name}-mobile.webp`);
  }
  // Event photographs: a pool shared by the galleries and the product slideshows.
  const themes = Object.keys(PALETTES);
  for (let i = 1; i <= 24; i++) {
    const theme = themes[i % themes.length];
    toWebp(
      scene(theme, 1400, 933, 500 + i * 7, { withCar: i % 3 !== 0, carScale: 0.8 + (i % 4) * 0.12 }),
      `gallery/photo-${String(i).padStart(2, '0')}.webp`,
      58,
    );
  }
  toWebp(scene('track', 1920, 1080, 4242), 'home/intro.webp');
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
function videoFrame(t, w, h) {
  // t in [0,1): everything moves by whole periods, so the last frame meets the first.
  const p = PALETTES.track;
  let lines = '';
  for (let i = 0; i < 14; i++) {
    const depth = (i / 14 + t) % 1;
    const y = h * 0.62 + depth ** 2 * h * 0.4;
    const spread = 0.15 + depth * 0.9;
    lines += `<line x1="${w * (0.5 - spread / 2)}" y1="${y}" x2="${w * (0.5 + spread / 2)}" y2="${y}" stroke="#fff" stroke-opacity="${0.02 + depth * 0.08}" stroke-width="${1 + depth * 3}"/>`;
  }
  let streaks = '';
  for (let i = 0; i < 9; i++) {
    const phase = (i / 9 + t * 2) % 1;
    const x = -w * 0.3 + phase * w * 1.6;
    const y = h * (0.3 + (i % 5) * 0.08);
    streaks += `<rect x="${x}" y="${y}" width="${w * 0.22}" height="${1.5 + (i % 3)}" rx="1" fill="${i % 2 ? p.accent : '#ffffff'}" fill-opacity="${0.25 + (i % 4) * 0.12}"/>`;
  }
  const centre = `<path d="M ${w * 0.5} ${h * 0.62} L ${w * 0.44} ${h} L ${w * 0.56} ${h} Z" fill="${GOLD}" fill-opacity="0.07"/>`;
  const bob = Math.sin(t * Math.PI * 8) * h * 0.002;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#05060a"/><stop offset="0.62" stop-color="#1b1a1f"/><stop offset="1" stop-color="#090a0d"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.6" r="0.6"><stop offset="0" stop-color="${p.glow}" stop-opacity="${0.2 + 0.05 * Math.sin(t * Math.PI * 2)}"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>
    <linearGradient id="sheen" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.2"/><stop offset="1" stop-color="#000" stop-opacity="0.4"/></linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <rect width="${w}" height="${h}" fill="url(#glow)"/>
  ${streaks}
  <path d="M 0 ${h} L ${w * 0.47} ${h * 0.62} L ${w * 0.53} ${h * 0.62} L ${w} ${h} Z" fill="#0d0e12"/>
  ${centre}
  ${lines}
  <g transform="translate(0 ${bob})">${car(w * 0.27, h * 0.9, w * 0.46, '#16181d', p.accent)}</g>
</svg>`;
}
function generateVideo() {
  const w = 1280;
  const h = 720;
  const fps = 24;
  const seconds = 8;
  const frames = fps * seconds;
  const dir = path.join(TMP, 'frames');
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < frames; i++) {
    const svgPath = path.join(dir, 'f.svg');
    writeFileSync(svgPath, videoFrame(i / frames, w, h));
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
  '# Demo media\n\nGenerated by `apps/server/scripts/generate-demo-media.mjs` (no downloads). Served under `/panel/media/`.\n',
);
rmSync(TMP, { recursive: true, force: true });
console.log('demo media written to', OUT);
