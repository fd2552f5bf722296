/**
 * The demo media's scenes, drawn as SVG at any size: one function per kind of experience (race track,
 * alpine switchbacks, frozen lake, night city, academy cones, lounge, yacht, …). Each composes for the
 * aspect it is asked for (16:9 cards, 3:2 photos, 3.4:1 banners, portrait phone crops), so a variant is
 * a fresh drawing, not a crop. Dark, low-key light with the club's gold, like an evening photograph.
 */

export const GOLD = '#90722C';

/** A tiny deterministic random: the same seed draws the same picture on every machine. */
export function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const f = (n) => Math.round(n * 10) / 10;

/** A low, long coupé in profile, without any maker's badge; `lights` adds the headlamp beam. */
export function car(x, y, w, colour, highlight, { lights = false, flip = false } = {}) {
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
  const beam = lights
    ? `<path d="M ${x + w} ${y - h * 0.44} L ${x + w * 2.1} ${y - h * 0.1} L ${x + w * 2.1} ${y + h * 0.75} Z" fill="url(#beam)"/>`
    : '';
  const g = `
    ${beam}
    <ellipse cx="${x + w / 2}" cy="${y + wheelR * 0.9}" rx="${w * 0.56}" ry="${wheelR * 0.35}" fill="#000" fill-opacity="0.55"/>
    <path d="${body}" fill="${colour}"/>
    <path d="${body}" fill="url(#sheen)" />
    <path d="${glass}" fill="#0c0f14" fill-opacity="0.85"/>
    <path d="M ${x + w * 0.06} ${y - h * 0.42} C ${x + w * 0.4} ${y - h * 0.62}, ${x + w * 0.7} ${y - h * 0.58}, ${x + w * 0.97} ${y - h * 0.4}"
      fill="none" stroke="${highlight}" stroke-opacity="0.7" stroke-width="${w * 0.004}"/>
    <rect x="${x + w * 0.955}" y="${y - h * 0.48}" width="${w * 0.04}" height="${h * 0.08}" rx="${h * 0.04}" fill="#fff3d6" fill-opacity="0.95"/>
    <rect x="${x + w * 0.002}" y="${y - h * 0.42}" width="${w * 0.025}" height="${h * 0.07}" rx="${h * 0.03}" fill="#d3261e" fill-opacity="0.95"/>
    ${wheel(x + w * 0.2)}
    ${wheel(x + w * 0.8)}`;
  return flip ? `<g transform="translate(${2 * x + w} 0) scale(-1 1)">${g}</g>` : `<g>${g}</g>`;
}

/* ---------- the frame every scene shares ---------- */

function svg(w, h, defs, body, { vignette = 0.55 } = {}) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="sheen" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.24"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0.03"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.45"/>
    </linearGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#fff4d8" stop-opacity="0.45"/><stop offset="1" stop-color="#fff4d8" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="vignette" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="0.45" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="${vignette}"/>
    </linearGradient>
    <radialGradient id="edges" cx="0.5" cy="0.5" r="0.75">
      <stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/>
    </radialGradient>
    <filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f(Math.max(w, h) * 0.006)}"/></filter>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f(Math.max(w, h) * 0.02)}"/></filter>
    ${defs}
  </defs>
  ${body}
  <rect width="${w}" height="${h}" fill="url(#vignette)"/>
  <rect width="${w}" height="${h}" fill="url(#edges)"/>
</svg>`;
}

const sky = (id, stops) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops
    .map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;

const glow = (id, colour, opacity = 0.6) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="0.4" stop-color="${colour}" stop-opacity="${opacity * 0.25}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;

/** The box a 16:9 picture would use inside this canvas: keeps subjects whole in banners and phone crops. */
function stage(w, h) {
  const u = Math.min(w, h * 1.78);
  return { u, cx: w / 2, left: w / 2 - u / 2, portrait: h > w };
}

function stars(w, _h, r, n, maxY) {
  let out = '';
  for (let i = 0; i < n; i++)
    out += `<circle cx="${f(r() * w)}" cy="${f(r() * maxY)}" r="${f(0.5 + r() * 1.3)}" fill="#fff" fill-opacity="${f(0.2 + r() * 0.6)}"/>`;
  return out;
}

function pines(w, y, size, r, colour, step = 0.5) {
  let out = '';
  let x = -size;
  while (x < w + size) {
    const s = size * (0.6 + r() * 0.7);
    out += `<path d="M ${f(x)} ${f(y - s * 2.2)} L ${f(x + s * 0.45)} ${f(y)} L ${f(x - s * 0.45)} ${f(y)} Z" fill="${colour}"/>`;
    x += s * step + r() * s * 0.4;
  }
  return out;
}

function cone(x, y, s) {
  return `<g><ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(s * 0.55)}" ry="${f(s * 0.12)}" fill="#000" fill-opacity="0.5"/>
    <path d="M ${f(x - s * 0.5)} ${f(y)} L ${f(x + s * 0.5)} ${f(y)} L ${f(x + s * 0.42)} ${f(y - s * 0.1)} L ${f(x - s * 0.42)} ${f(y - s * 0.1)} Z" fill="#c2410c"/>
    <path d="M ${f(x - s * 0.32)} ${f(y - s * 0.1)} L ${f(x - s * 0.06)} ${f(y - s)} L ${f(x + s * 0.06)} ${f(y - s)} L ${f(x + s * 0.32)} ${f(y - s * 0.1)} Z" fill="#f97316"/>
    <path d="M ${f(x - s * 0.22)} ${f(y - s * 0.42)} L ${f(x + s * 0.22)} ${f(y - s * 0.42)} L ${f(x + s * 0.17)} ${f(y - s * 0.6)} L ${f(x - s * 0.17)} ${f(y - s * 0.6)} Z" fill="#f5f0e6"/></g>`;
}

/* ---------- motorsport ---------- */

/** A circuit: curving asphalt with red-white kerbs, grandstand or pit garages, day, golden hour or night. */
function track(w, h, r, { time = 'golden', pit = false, grid = false, drift = false } = {}) {
  const { u, cx, left, portrait } = stage(w, h);
  const hy = h * (portrait ? 0.46 : 0.5);
  const skies = {
    golden: ['#120e0b', '#3c2a18', '#a8743c', '#e3b56b'],
    day: ['#1b2430', '#3f5366', '#8aa0b0', '#c7c9c2'],
    night: ['#030408', '#0a0d16', '#141a2a', '#1d2233'],
    dusk: ['#0d0b12', '#2a1f2e', '#6d4a45', '#b9825a'],
  };
  const night = time === 'night';
  const defs = `${sky('sky', skies[time])}${glow('sun', night ? '#bcd0ff' : '#ffd58a', night ? 0.35 : 0.7)}
    ${sky('asphalt', night ? ['#15171c', '#0b0c0f'] : ['#3a3936', '#16161a'])}
    ${sky('grass', night ? ['#0b120c', '#050806'] : ['#2b3420', '#11160e'])}`;
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  body += `<ellipse cx="${f(left + u * 0.72)}" cy="${f(hy)}" rx="${f(u * 0.55)}" ry="${f(h * 0.5)}" fill="url(#sun)"/>`;
  if (night) body += stars(w, h, r, 60, hy * 0.7);
  // Grandstand or pit building along the horizon.
  const bx = left + u * (pit ? 0.02 : 0.05);
  const bw = w - bx + u * 0.1;
  const bh = h * (pit ? 0.09 : 0.12);
  body += `<rect x="${f(bx)}" y="${f(hy - bh)}" width="${f(bw)}" height="${f(bh)}" fill="${night ? '#07080c' : '#14151a'}"/>`;
  body += `<path d="M ${f(bx - u * 0.02)} ${f(hy - bh)} L ${f(bx + bw)} ${f(hy - bh * 1.35)} L ${f(bx + bw)} ${f(hy - bh * 1.2)} L ${f(bx - u * 0.02)} ${f(hy - bh * 0.9)} Z" fill="${night ? '#0c0e14' : '#22242b'}"/>`;
  if (pit) {
    const n = Math.ceil(bw / (u * 0.07));
    for (let i = 0; i < n; i++) {
      const gx = bx + i * u * 0.07 + u * 0.01;
      body += `<rect x="${f(gx)}" y="${f(hy - bh * 0.72)}" width="${f(u * 0.05)}" height="${f(bh * 0.72)}" fill="${i % 3 === 1 ? '#e9d8a8' : '#5b5446'}" fill-opacity="${i % 3 === 1 ? 0.85 : 0.5}"/>`;
      body += `<text x="${f(gx + u * 0.025)}" y="${f(hy - bh * 0.8)}" font-family="Helvetica, Arial, sans-serif" font-size="${f(bh * 0.16)}" text-anchor="middle" fill="${GOLD}">${i + 1}</text>`;
    }
  } else {
    for (let row = 0; row < 5; row++) {
      for (let i = 0; i < bw / (u * 0.008); i++) {
        if (r() > 0.55)
          body += `<rect x="${f(bx + i * u * 0.008)}" y="${f(hy - bh * (0.85 - row * 0.16))}" width="${f(u * 0.004)}" height="${f(bh * 0.06)}" fill="${['#d6c7a1', '#8a2b24', '#e8e4dc', '#3b4a63'][Math.floor(r() * 4)]}" fill-opacity="0.6"/>`;
      }
    }
  }
  if (night) {
    for (let i = 0; i < 4; i++) {
      const tx = left + u * (0.12 + i * 0.27);
      body += `<rect x="${f(tx)}" y="${f(hy - h * 0.34)}" width="${f(u * 0.004)}" height="${f(h * 0.34)}" fill="#1a1d26"/>`;
      body += `<rect x="${f(tx - u * 0.015)}" y="${f(hy - h * 0.35)}" width="${f(u * 0.034)}" height="${f(h * 0.02)}" fill="#fff8e6"/>`;
      body += `<ellipse cx="${f(tx)}" cy="${f(hy - h * 0.34)}" rx="${f(u * 0.12)}" ry="${f(h * 0.16)}" fill="url(#sun)"/>`;
    }
  }
  // Grass, then the track sweeping from the near left to the far right.
  body += `<rect x="0" y="${f(hy)}" width="${w}" height="${f(h - hy)}" fill="url(#grass)"/>`;
  const inner = `M ${f(-w * 0.05)} ${f(h * 1.02)} C ${f(left + u * 0.3)} ${f(hy + (h - hy) * 0.55)}, ${f(left + u * 0.55)} ${f(hy + (h - hy) * 0.12)}, ${f(w + u * 0.1)} ${f(hy + (h - hy) * 0.06)}`;
  const outer = `L ${f(w + u * 0.1)} ${f(hy + (h - hy) * 0.34)} C ${f(left + u * 0.9)} ${f(hy + (h - hy) * 0.45)}, ${f(left + u * 0.75)} ${f(hy + (h - hy) * 0.85)}, ${f(left + u * 0.7)} ${f(h * 1.02)} Z`;
  body += `<path d="${inner} ${outer}" fill="url(#asphalt)"/>`;
  const kw = u * 0.018;
  body += `<path d="${inner}" fill="none" stroke="#f1ece2" stroke-width="${f(kw)}"/>`;
  body += `<path d="${inner}" fill="none" stroke="#c0262d" stroke-width="${f(kw)}" stroke-dasharray="${f(kw * 2.2)} ${f(kw * 2.2)}"/>`;
  body += `<path d="${inner}" fill="none" stroke="#f1ece2" stroke-opacity="0.7" stroke-width="${f(u * 0.003)}" transform="translate(${f(u * 0.03)} ${f(u * 0.012)})"/>`;
  if (pit)
    body += `<path d="M ${f(-w * 0.05)} ${f(hy + (h - hy) * 0.05)} L ${f(w + u * 0.1)} ${f(hy + (h - hy) * 0.02)}" stroke="#c9c3b6" stroke-width="${f(u * 0.008)}" stroke-dasharray="${f(u * 0.05)} ${f(u * 0.012)}"/>`;
  if (grid) {
    for (let i = 0; i < 4; i++) {
      const t = 0.25 + i * 0.15;
      const gx = left + u * (0.55 + t * 0.3);
      const gy = hy + (h - hy) * (0.48 - t * 0.28);
      body += `<path d="M ${f(gx)} ${f(gy)} l ${f(u * 0.05)} ${f(-u * 0.004)}" stroke="#f1ece2" stroke-width="${f(u * 0.004)}"/>`;
    }
    const gy = hy - h * 0.2;
    body += `<rect x="${f(left + u * 0.58)}" y="${f(gy)}" width="${f(u * 0.3)}" height="${f(h * 0.035)}" fill="#0b0b0e"/>`;
    for (let i = 0; i < 5; i++)
      body += `<circle cx="${f(left + u * (0.62 + i * 0.055))}" cy="${f(gy + h * 0.0175)}" r="${f(h * 0.011)}" fill="#ff2a1f"/><circle cx="${f(left + u * (0.62 + i * 0.055))}" cy="${f(gy + h * 0.0175)}" r="${f(h * 0.03)}" fill="#ff2a1f" fill-opacity="0.18"/>`;
  }
  if (night) {
    // Light trails of the laps before.
    for (let i = 0; i < 5; i++) {
      const dy = (h - hy) * (0.12 + i * 0.05);
      const trail = `M ${f(-w * 0.05)} ${f(h * 1.02 - dy * 0.5)} C ${f(left + u * 0.3)} ${f(hy + (h - hy) * 0.55 + dy * 0.3)}, ${f(left + u * 0.6)} ${f(hy + (h - hy) * 0.12 + dy * 0.6)}, ${f(w + u * 0.1)} ${f(hy + (h - hy) * 0.06 + dy * 0.6)}`;
      body += `<path d="${trail}" fill="none" stroke="${i % 2 ? '#ff3b2f' : '#fff1d0'}" stroke-width="${f(u * (0.003 + i * 0.0012))}" stroke-opacity="0.85" filter="url(#blur)"/>`;
      body += `<path d="${trail}" fill="none" stroke="${i % 2 ? '#ff6a5c' : '#ffffff'}" stroke-width="${f(u * 0.0015)}"/>`;
    }
  }
  const cw = u * (portrait ? 0.78 : 0.38);
  const carX = portrait ? cx - cw / 2 : left + u * 0.3;
  const carY = hy + (h - hy) * (portrait ? 0.55 : 0.62);
  if (drift) {
    for (let i = 0; i < 14; i++)
      body += `<circle cx="${f(carX - cw * 0.1 + r() * cw * 0.5)}" cy="${f(carY - cw * 0.1 - r() * cw * 0.25)}" r="${f(cw * (0.12 + r() * 0.2))}" fill="#d9d6cf" fill-opacity="${f(0.12 + r() * 0.18)}" filter="url(#soft)"/>`;
    body += `<g transform="rotate(-7 ${f(carX + cw / 2)} ${f(carY)})">${car(carX, carY, cw, '#1c2230', '#d9b25f', { lights: night })}</g>`;
    for (let i = 0; i < 3; i++)
      body += `<path d="M ${f(carX - cw * 0.6)} ${f(carY + cw * 0.03 + i * cw * 0.012)} C ${f(carX)} ${f(carY - cw * 0.08)}, ${f(carX + cw * 0.2)} ${f(carY + cw * 0.02)}, ${f(carX + cw * 0.2)} ${f(carY + i * cw * 0.01)}" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="${f(cw * 0.02)}"/>`;
  } else {
    body += car(carX, carY, cw, ['#171a20', '#23324a', '#2b2f36'][Math.floor(r() * 3)], '#d9b25f', {
      lights: night,
    });
  }
  // The start is seen from the other side of the track: the same circuit, another picture.
  if (grid) body = `<g transform="translate(${w} 0) scale(-1 1)">${body}</g>`;
  return svg(w, h, defs, body);
}

/** The academy: a wet handling area, a slalom of cones in perspective, an instructor with a tablet. */
function academy(w, h, r, { wet = true } = {}) {
  const { u, cx, left, portrait } = stage(w, h);
  const hy = h * (portrait ? 0.4 : 0.42);
  const defs = `${sky('sky', ['#1a1f27', '#3a4450', '#7d858a', '#b7b3a6'])}${sky('pad', ['#4a4c4f', '#222428', '#121316'])}${glow('sun', '#f6e7c4', 0.45)}`;
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  body += `<ellipse cx="${f(left + u * 0.3)}" cy="${f(hy * 0.8)}" rx="${f(u * 0.5)}" ry="${f(h * 0.4)}" fill="url(#sun)"/>`;
  // Academy building: long low pavilion with a glass front.
  body += pines(w, hy, u * 0.035, r, '#1b2420', 0.8);
  body += `<rect x="${f(left + u * 0.45)}" y="${f(hy - h * 0.09)}" width="${f(u * 0.5)}" height="${f(h * 0.09)}" fill="#16181d"/>`;
  body += `<rect x="${f(left + u * 0.47)}" y="${f(hy - h * 0.065)}" width="${f(u * 0.46)}" height="${f(h * 0.04)}" fill="#e8d6a6" fill-opacity="0.55"/>`;
  body += `<rect x="${f(left + u * 0.43)}" y="${f(hy - h * 0.1)}" width="${f(u * 0.54)}" height="${f(h * 0.012)}" fill="${GOLD}"/>`;
  body += `<rect x="0" y="${f(hy)}" width="${w}" height="${f(h - hy)}" fill="url(#pad)"/>`;
  // Painted lanes converging to the horizon.
  for (let i = -4; i <= 4; i++)
    body += `<path d="M ${f(cx + i * u * 0.02)} ${f(hy)} L ${f(cx + i * u * 0.35)} ${f(h)}" stroke="#e9e4d8" stroke-opacity="0.16" stroke-width="${f(u * 0.003)}"/>`;
  if (wet) {
    body += `<rect x="0" y="${f(hy)}" width="${w}" height="${f(h - hy)}" fill="#9fb3c4" fill-opacity="0.06"/>`;
    body += `<ellipse cx="${f(left + u * 0.3)}" cy="${f(hy + (h - hy) * 0.3)}" rx="${f(u * 0.3)}" ry="${f((h - hy) * 0.08)}" fill="#f6e7c4" fill-opacity="0.12" filter="url(#blur)"/>`;
  }
  // A slalom line of cones from near right to far left.
  for (let i = 7; i >= 0; i--) {
    const t = i / 7;
    const y = hy + (h - hy) * (0.08 + (1 - t) * 0.85);
    const x = left + u * (0.45 + (1 - t) * 0.35) + Math.sin(i * 1.3) * u * 0.01;
    body += cone(x, y, u * (0.012 + (1 - t) * 0.05));
  }
  // Instructor.
  const ix = portrait ? cx + u * 0.28 : left + u * 0.86;
  const iy = hy + (h - hy) * 0.58;
  const s = u * 0.16;
  body += `<g><ellipse cx="${f(ix)}" cy="${f(iy)}" rx="${f(s * 0.22)}" ry="${f(s * 0.04)}" fill="#000" fill-opacity="0.5"/>
    <path d="M ${f(ix - s * 0.09)} ${f(iy)} L ${f(ix - s * 0.07)} ${f(iy - s * 0.48)} L ${f(ix + s * 0.07)} ${f(iy - s * 0.48)} L ${f(ix + s * 0.09)} ${f(iy)} Z" fill="#0d0e11"/>
    <path d="M ${f(ix - s * 0.13)} ${f(iy - s * 0.46)} Q ${f(ix)} ${f(iy - s * 0.93)} ${f(ix + s * 0.13)} ${f(iy - s * 0.46)} Z" fill="#15171c"/>
    <path d="M ${f(ix - s * 0.13)} ${f(iy - s * 0.6)} L ${f(ix + s * 0.13)} ${f(iy - s * 0.6)}" stroke="${GOLD}" stroke-width="${f(s * 0.02)}"/>
    <circle cx="${f(ix)}" cy="${f(iy - s * 0.86)}" r="${f(s * 0.075)}" fill="#c89b7b"/>
    <path d="M ${f(ix - s * 0.08)} ${f(iy - s * 0.88)} Q ${f(ix)} ${f(iy - s * 0.98)} ${f(ix + s * 0.08)} ${f(iy - s * 0.88)} L ${f(ix - s * 0.14)} ${f(iy - s * 0.87)} Z" fill="#0d0e11"/>
    <rect x="${f(ix - s * 0.2)}" y="${f(iy - s * 0.66)}" width="${f(s * 0.12)}" height="${f(s * 0.16)}" rx="${f(s * 0.01)}" fill="#1e2a3a" stroke="#9fc3ff" stroke-opacity="0.7" stroke-width="${f(s * 0.008)}"/></g>`;
  const cw = u * (portrait ? 0.62 : 0.34);
  const carX = portrait ? cx - cw * 0.75 : left + u * 0.06;
  const carY = hy + (h - hy) * 0.78;
  body += car(carX, carY, cw, '#1b2a44', '#e0b85c', { lights: false });
  if (wet)
    body += `<g transform="translate(0 ${f(carY * 2)}) scale(1 -1)" opacity="0.14">${car(carX, carY, cw, '#1b2a44', '#e0b85c')}</g>`;
  return svg(w, h, defs, body);
}

/* ---------- winter ---------- */

/** A frozen lake between pines at blue hour, or Lapland under the northern lights. */
function snow(w, h, r, { aurora = false } = {}) {
  const { u, cx, left, portrait } = stage(w, h);
  const hy = h * (portrait ? 0.5 : 0.55);
  const defs = `${sky('sky', aurora ? ['#02060c', '#061726', '#0e2d3a', '#2a4b5a'] : ['#0c1624', '#24405c', '#6f93ae', '#cfdde6'])}
    ${sky('ice', aurora ? ['#6d8796', '#2a3c48', '#121c24'] : ['#dbe7ee', '#9db6c6', '#50687a'])}
    ${glow('low', aurora ? '#7df0c0' : '#fff1d6', aurora ? 0.25 : 0.55)}
    <linearGradient id="curtain" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5cf2b0" stop-opacity="0"/><stop offset="0.55" stop-color="#4ff0a8" stop-opacity="0.55"/><stop offset="1" stop-color="#2bd0c8" stop-opacity="0"/></linearGradient>`;
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  if (aurora) {
    body += stars(w, h, r, 140, hy);
    for (let i = 0; i < 5; i++) {
      const x0 = -w * 0.1 + i * w * 0.12;
      const y0 = h * (0.08 + r() * 0.1);
      body += `<path d="M ${f(x0)} ${f(y0)} C ${f(x0 + w * 0.3)} ${f(y0 + h * 0.25)}, ${f(x0 + w * 0.5)} ${f(y0 - h * 0.1)}, ${f(x0 + w * 0.9)} ${f(y0 + h * 0.12)} L ${f(x0 + w * 0.9)} ${f(y0 + h * 0.42)} C ${f(x0 + w * 0.5)} ${f(y0 + h * 0.2)}, ${f(x0 + w * 0.3)} ${f(y0 + h * 0.55)}, ${f(x0)} ${f(y0 + h * 0.3)} Z" fill="url(#curtain)" opacity="${f(0.35 + r() * 0.35)}" filter="url(#soft)"/>`;
    }
  } else {
    body += `<ellipse cx="${f(left + u * 0.75)}" cy="${f(hy)}" rx="${f(u * 0.5)}" ry="${f(h * 0.35)}" fill="url(#low)"/>`;
    body += `<path d="M 0 ${f(hy)} L ${f(w * 0.2)} ${f(hy - h * 0.16)} L ${f(w * 0.33)} ${f(hy - h * 0.06)} L ${f(w * 0.5)} ${f(hy - h * 0.2)} L ${f(w * 0.72)} ${f(hy - h * 0.04)} L ${f(w * 0.86)} ${f(hy - h * 0.12)} L ${f(w)} ${f(hy - h * 0.03)} L ${f(w)} ${f(hy)} Z" fill="#5f7a90" fill-opacity="0.55"/>`;
  }
  body += pines(w, hy, u * 0.03, r, aurora ? '#02050a' : '#101b22', 0.55);
  body += `<rect x="0" y="${f(hy)}" width="${w}" height="${f(h - hy)}" fill="url(#ice)"/>`;
  if (aurora) {
    // A cabin with warm light.
    const hx = left + u * 0.78;
    body += `<path d="M ${f(hx)} ${f(hy)} L ${f(hx)} ${f(hy - h * 0.05)} L ${f(hx + u * 0.035)} ${f(hy - h * 0.085)} L ${f(hx + u * 0.07)} ${f(hy - h * 0.05)} L ${f(hx + u * 0.07)} ${f(hy)} Z" fill="#05080c"/>`;
    body += `<rect x="${f(hx + u * 0.02)}" y="${f(hy - h * 0.035)}" width="${f(u * 0.012)}" height="${f(h * 0.018)}" fill="#ffc86b"/>`;
    body += `<ellipse cx="${f(hx + u * 0.026)}" cy="${f(hy - h * 0.026)}" rx="${f(u * 0.05)}" ry="${f(h * 0.04)}" fill="url(#low)"/>`;
  }
  // Tyre arcs on the ice.
  for (let i = 0; i < 6; i++)
    body += `<ellipse cx="${f(cx + (r() - 0.5) * u * 0.5)}" cy="${f(hy + (h - hy) * (0.3 + r() * 0.3))}" rx="${f(u * (0.15 + r() * 0.25))}" ry="${f((h - hy) * (0.08 + r() * 0.1))}" fill="none" stroke="${aurora ? '#0b141b' : '#7d95a6'}" stroke-opacity="0.5" stroke-width="${f(u * 0.004)}"/>`;
  const cw = u * (portrait ? 0.72 : 0.36);
  const carX = portrait ? cx - cw / 2 : left + u * 0.36;
  const carY = hy + (h - hy) * 0.6;
  // Snow thrown up behind the rear wheel.
  if (!aurora)
    for (let i = 0; i < 18; i++)
      body += `<circle cx="${f(carX - r() * cw * 0.45)}" cy="${f(carY - r() * cw * 0.18)}" r="${f(cw * (0.03 + r() * 0.09))}" fill="#ffffff" fill-opacity="${f(0.25 + r() * 0.45)}" filter="url(#blur)"/>`;
  body += car(carX, carY, cw, aurora ? '#1e2630' : '#233248', aurora ? '#bfeadb' : '#f1d48a', {
    lights: aurora,
  });
  body += `<g transform="translate(0 ${f(carY * 2)}) scale(1 -1)" opacity="0.18">${car(carX, carY, cw, '#233248', '#f1d48a')}</g>`;
  return svg(w, h, defs, body);
}

/* ---------- journeys ---------- */

/** Mountains with snow caps and a switchback road climbing the near slope (alpine dawn or Dolomites at sunset). */
function alpine(w, h, r, { dolomites = false } = {}) {
  const { u, cx, left, portrait } = stage(w, h);
  const defs = `${sky('sky', dolomites ? ['#17121f', '#3d2a44', '#b06a66', '#f0b08a'] : ['#0b1422', '#1f3550', '#6e7d8a', '#e6b877'])}
    ${glow('sun', dolomites ? '#ffb38a' : '#ffd58a', 0.7)}
    ${sky('far', dolomites ? ['#e9b7a0', '#7b5560'] : ['#6f829a', '#2a3a50'])}
    ${sky('mid', dolomites ? ['#8c6270', '#2e2230'] : ['#34465c', '#141e2b'])}
    ${sky('near', ['#1b2519', '#0b0f0b'])}`;
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  body += `<ellipse cx="${f(left + u * (dolomites ? 0.2 : 0.7))}" cy="${f(h * 0.42)}" rx="${f(u * 0.5)}" ry="${f(h * 0.35)}" fill="url(#sun)"/>`;
  // Far range: irregular peaks (sharp-sided cones over a ragged ridge), shadowed on the side away
  // from the light, with snow above the snowline (alpine) or lit rose by the sunset (Dolomites).
  const base = h * 0.56;
  const peaks = [];
  for (let x = -u * 0.1; x < w + u * 0.1; x += u * (0.1 + r() * 0.14))
    peaks.push({ cx: x, height: h * (0.12 + r() * 0.22), width: u * (0.1 + r() * 0.1) });
  const ridgeY = (x) => {
    let y = base - h * 0.03;
    for (const p of peaks) {
      const d = Math.abs(x - p.cx) / p.width;
      if (d < 1) y = Math.min(y, base - p.height * (1 - d) ** (dolomites ? 0.55 : 1.25));
    }
    return y;
  };
  let far = `M -10 ${f(base + h * 0.08)}`;
  for (let x = -10; x <= w + 10; x += u * 0.006)
    far += ` L ${f(x)} ${f(ridgeY(x) + (r() - 0.5) * h * 0.006)}`;
  far += ` L ${w + 10} ${f(base + h * 0.08)} Z`;
  const snowline = h * 0.37;
  body += `<linearGradient id="rock" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="${f(base)}">
    <stop offset="0" stop-color="${dolomites ? '#ffd9c0' : '#f4f1ea'}"/>
    <stop offset="${f((snowline / base) * 100) / 100}" stop-color="${dolomites ? '#e8a890' : '#e3e2dc'}"/>
    <stop offset="${f((snowline / base) * 100 + 3) / 100}" stop-color="${dolomites ? '#b8777a' : '#5f7288'}"/>
    <stop offset="1" stop-color="${dolomites ? '#4a3446' : '#24324a'}"/></linearGradient>`;
  body += `<path d="${far}" fill="url(#rock)"/>`;
  for (const p of peaks)
    body += `<path d="M ${f(p.cx)} ${f(ridgeY(p.cx))} L ${f(p.cx + p.width * 0.9)} ${f(base + h * 0.02)} L ${f(p.cx + p.width * 0.08)} ${f(base + h * 0.02)} Z" fill="#0a0f1a" fill-opacity="${dolomites ? 0.22 : 0.3}"/>`;
  body += `<rect x="0" y="${f(base - h * 0.08)}" width="${w}" height="${f(h * 0.12)}" fill="${dolomites ? '#c98a86' : '#9fb0c0'}" fill-opacity="0.18" filter="url(#soft)"/>`;
  // Mid ridge.
  body += `<path d="M 0 ${f(h * 0.66)} C ${f(w * 0.25)} ${f(h * 0.5)}, ${f(w * 0.45)} ${f(h * 0.62)}, ${f(w * 0.65)} ${f(h * 0.52)} C ${f(w * 0.8)} ${f(h * 0.46)}, ${f(w * 0.9)} ${f(h * 0.56)}, ${f(w)} ${f(h * 0.54)} L ${w} ${h} L 0 ${h} Z" fill="url(#mid)"/>`;
  // Near slope with the switchbacks.
  const slopeTop = h * 0.58;
  body += `<path d="M 0 ${f(h * 0.7)} C ${f(w * 0.3)} ${f(slopeTop)}, ${f(w * 0.6)} ${f(slopeTop - h * 0.02)}, ${f(w)} ${f(h * 0.66)} L ${w} ${h} L 0 ${h} Z" fill="url(#near)"/>`;
  const turns = 6;
  let road = '';
  let prev = null;
  for (let i = 0; i <= turns; i++) {
    const t = i / turns;
    const y = h * (1.02 - t * 0.4);
    const span = u * (0.85 - t * 0.62);
    const x = cx + (i % 2 ? span : -span) * 0.5;
    if (prev)
      road += ` Q ${f(i % 2 ? x + span * 0.25 : x - span * 0.25)} ${f((y + prev[1]) / 2)} ${f(x)} ${f(y)}`;
    else road = `M ${f(x)} ${f(y)}`;
    prev = [x, y];
  }
  body += `<path d="${road}" fill="none" stroke="#0a0c10" stroke-width="${f(u * 0.026)}" stroke-linejoin="round" stroke-linecap="round"/>`;
  body += `<path d="${road}" fill="none" stroke="#d8d2c4" stroke-opacity="0.5" stroke-width="${f(u * 0.021)}" stroke-linejoin="round" stroke-linecap="round"/>`;
  body += `<path d="${road}" fill="none" stroke="#34383f" stroke-width="${f(u * 0.018)}" stroke-linejoin="round" stroke-linecap="round"/>`;
  body += `<path d="${road}" fill="none" stroke="#f1e6c8" stroke-opacity="0.6" stroke-width="${f(u * 0.0018)}" stroke-dasharray="${f(u * 0.01)} ${f(u * 0.01)}"/>`;
  const cw = u * (portrait ? 0.46 : 0.2);
  body += car(cx - cw * 0.1, h * 0.975, cw, '#1e2d40', '#e8c37a', { lights: true });
  return svg(w, h, defs, body, { vignette: 0.4 });
}

/** The coast road: sea at sunset, a cliff with a village (Amalfi) or palms (Riviera), the car on the corniche. */
function coast(w, h, r, { village = false } = {}) {
  const { u, cx, left, portrait } = stage(w, h);
  const hy = h * 0.5;
  const defs = `${sky('sky', village ? ['#0e1020', '#2c2444', '#9a5a58', '#f0a868'] : ['#101426', '#3a3350', '#c7745a', '#ffc27a'])}
    ${glow('sun', '#ffcf8a', 0.85)}
    ${sky('sea', ['#8a5a58', '#2a2a3e', '#0a0d18'])}
    ${sky('cliff', ['#2a2020', '#0c0a0c'])}`;
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  const sx = left + u * (village ? 0.3 : 0.5);
  body += `<ellipse cx="${f(sx)}" cy="${f(hy)}" rx="${f(u * 0.45)}" ry="${f(h * 0.4)}" fill="url(#sun)"/>`;
  body += `<circle cx="${f(sx)}" cy="${f(hy - h * 0.03)}" r="${f(u * 0.03)}" fill="#ffe2b0"/>`;
  body += `<rect x="0" y="${f(hy)}" width="${w}" height="${f(h - hy)}" fill="url(#sea)"/>`;
  for (let i = 0; i < 40; i++) {
    const y = hy + (h - hy) * r() * 0.8;
    const spread = (y - hy) / (h - hy);
    body += `<rect x="${f(sx - u * (0.02 + spread * 0.2) * r())}" y="${f(y)}" width="${f(u * (0.02 + spread * 0.12) * r())}" height="${f(Math.max(1, h * 0.002))}" fill="#ffd8a0" fill-opacity="${f(0.25 + r() * 0.5)}"/>`;
  }
  // Cliff on the right, with the village or with palms.
  const cl = left + u * (portrait ? 0.55 : 0.6);
  body += `<path d="M ${f(cl)} ${h} C ${f(cl + u * 0.02)} ${f(h * 0.7)}, ${f(cl + u * 0.08)} ${f(h * 0.45)}, ${f(cl + u * 0.2)} ${f(h * 0.3)} L ${w + 10} ${f(h * 0.22)} L ${w + 10} ${h} Z" fill="url(#cliff)"/>`;
  if (village) {
    const colours = ['#d9b08c', '#c98e6a', '#e7cfa8', '#b77a64', '#efe1c6'];
    for (let i = 0; i < 46; i++) {
      const t = r();
      const bx = cl + u * 0.06 + t * (w - cl);
      const by = h * (0.34 + r() * 0.32) + (1 - t) * h * 0.12;
      const bw = u * (0.02 + r() * 0.025);
      body += `<rect x="${f(bx)}" y="${f(by)}" width="${f(bw)}" height="${f(bw * 0.8)}" fill="${colours[i % 5]}" fill-opacity="0.55"/>`;
      if (r() > 0.5)
        body += `<rect x="${f(bx + bw * 0.35)}" y="${f(by + bw * 0.25)}" width="${f(bw * 0.2)}" height="${f(bw * 0.25)}" fill="#ffcf7a"/>`;
    }
    body += `<path d="M ${f(cl + u * 0.2)} ${f(h * 0.3)} l ${f(u * 0.012)} ${f(-h * 0.09)} l ${f(u * 0.012)} ${f(h * 0.09)} Z" fill="#2a1f1c"/>`;
  } else {
    for (let i = 0; i < 3; i++) {
      const px = left + u * (0.08 + i * 0.1);
      const py = h * 0.86;
      const ph = h * (0.36 + i * 0.05);
      body += `<path d="M ${f(px)} ${f(py)} Q ${f(px + u * 0.02)} ${f(py - ph * 0.5)} ${f(px + u * 0.01)} ${f(py - ph)}" fill="none" stroke="#0a0809" stroke-width="${f(u * 0.008)}"/>`;
      for (let k = 0; k < 7; k++) {
        const a = (k / 7) * Math.PI * 2;
        body += `<path d="M ${f(px + u * 0.01)} ${f(py - ph)} Q ${f(px + u * 0.01 + Math.cos(a) * u * 0.05)} ${f(py - ph - h * 0.04)} ${f(px + u * 0.01 + Math.cos(a) * u * 0.075)} ${f(py - ph + Math.abs(Math.sin(a)) * h * 0.05 + h * 0.02)}" fill="none" stroke="#0a0809" stroke-width="${f(u * 0.006)}"/>`;
      }
    }
  }
  // Corniche road with a guard rail along the cliff's foot.
  const ry = h * 0.82;
  body += `<path d="M -10 ${f(ry + h * 0.04)} C ${f(w * 0.4)} ${f(ry)}, ${f(w * 0.7)} ${f(ry + h * 0.02)}, ${w + 10} ${f(ry - h * 0.1)} L ${w + 10} ${h} L -10 ${h} Z" fill="#0b0b0e"/>`;
  body += `<path d="M -10 ${f(ry + h * 0.035)} C ${f(w * 0.4)} ${f(ry - h * 0.005)}, ${f(w * 0.7)} ${f(ry + h * 0.015)}, ${w + 10} ${f(ry - h * 0.105)}" fill="none" stroke="#cfc5b0" stroke-opacity="0.55" stroke-width="${f(u * 0.004)}" stroke-dasharray="${f(u * 0.02)} ${f(u * 0.008)}"/>`;
  const cw = u * (portrait ? 0.62 : 0.3);
  body += car(
    portrait ? cx - cw / 2 : left + u * 0.2,
    ry + h * 0.1,
    cw,
    village ? '#e9e2d4' : '#1a2230',
    '#d9b25f',
    {
      lights: true,
    },
  );
  return svg(w, h, defs, body, { vignette: 0.45 });
}

/** Dunes at sunrise with the Atlas behind and a dust trail behind the car (or the desert under stars). */
function desert(w, h, r, { night = false } = {}) {
  const { u, cx, left, portrait } = stage(w, h);
  const hy = h * 0.56;
  const defs = `${sky('sky', night ? ['#04050c', '#0d1226', '#1f2440', '#3b3350'] : ['#1d130c', '#5e3a20', '#c98246', '#f4c27c'])}
    ${glow('sun', night ? '#c8d2ff' : '#ffcf8a', night ? 0.25 : 0.85)}
    ${sky('dune1', night ? ['#3b3446', '#141222'] : ['#d08a4a', '#7a4524'])}
    ${sky('dune2', night ? ['#231f30', '#0b0a12'] : ['#a4602e', '#3e2212'])}`;
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  if (night) body += stars(w, h, r, 220, hy);
  const sx = left + u * 0.7;
  body += `<ellipse cx="${f(sx)}" cy="${f(hy)}" rx="${f(u * 0.5)}" ry="${f(h * 0.42)}" fill="url(#sun)"/>`;
  body += night
    ? `<circle cx="${f(left + u * 0.2)}" cy="${f(h * 0.18)}" r="${f(u * 0.025)}" fill="#f1eedf"/>`
    : `<circle cx="${f(sx)}" cy="${f(hy - h * 0.05)}" r="${f(u * 0.05)}" fill="#ffe6b8"/>`;
  body += `<path d="M 0 ${f(hy)} L ${f(w * 0.15)} ${f(hy - h * 0.08)} L ${f(w * 0.3)} ${f(hy - h * 0.03)} L ${f(w * 0.48)} ${f(hy - h * 0.11)} L ${f(w * 0.7)} ${f(hy - h * 0.02)} L ${f(w * 0.85)} ${f(hy - h * 0.07)} L ${w} ${f(hy - h * 0.02)} L ${w} ${f(hy + 2)} L 0 ${f(hy + 2)} Z" fill="${night ? '#171424' : '#7a5640'}" fill-opacity="0.7"/>`;
  body += `<path d="M 0 ${f(hy)} C ${f(w * 0.2)} ${f(hy - h * 0.08)}, ${f(w * 0.35)} ${f(hy + h * 0.06)}, ${f(w * 0.6)} ${f(hy - h * 0.02)} S ${f(w * 0.9)} ${f(hy - h * 0.1)}, ${w} ${f(hy)} L ${w} ${h} L 0 ${h} Z" fill="url(#dune1)"/>`;
  body += `<path d="M 0 ${f(h * 0.78)} C ${f(w * 0.3)} ${f(h * 0.66)}, ${f(w * 0.55)} ${f(h * 0.8)}, ${f(w * 0.75)} ${f(h * 0.72)} S ${f(w * 0.95)} ${f(h * 0.7)}, ${w} ${f(h * 0.74)} L ${w} ${h} L 0 ${h} Z" fill="url(#dune2)"/>`;
  body += `<path d="M 0 ${f(h * 0.78)} C ${f(w * 0.3)} ${f(h * 0.66)}, ${f(w * 0.55)} ${f(h * 0.8)}, ${f(w * 0.75)} ${f(h * 0.72)}" fill="none" stroke="${night ? '#8e86a8' : '#ffd49a'}" stroke-opacity="0.45" stroke-width="${f(u * 0.003)}"/>`;
  const cw = u * (portrait ? 0.62 : 0.3);
  const carX = portrait ? cx - cw / 2 : left + u * 0.42;
  const carY = h * 0.76;
  for (let i = 0; i < 16; i++)
    body += `<ellipse cx="${f(carX - r() * cw * 0.9)}" cy="${f(carY - r() * cw * 0.14)}" rx="${f(cw * (0.1 + r() * 0.2))}" ry="${f(cw * (0.05 + r() * 0.08))}" fill="${night ? '#6a6380' : '#e8b07a'}" fill-opacity="${f(0.15 + r() * 0.25)}" filter="url(#soft)"/>`;
  body += car(carX, carY, cw, '#262019', '#f3c27a', { lights: night });
  return svg(w, h, defs, body);
}

/** Tuscany: rolling hills, vine rows converging, cypresses and a farmhouse, late sun; or a golf course. */
function countryside(w, h, r, { golf = false } = {}) {
  const { u, cx, left, portrait } = stage(w, h);
  const hy = h * 0.5;
  const defs = `${sky('sky', golf ? ['#12202a', '#3a5566', '#a3b4a8', '#e8dcb4'] : ['#151018', '#4a2e2a', '#c27a4a', '#f2c07a'])}
    ${glow('sun', '#ffd58a', golf ? 0.45 : 0.8)}
    ${sky('hill1', golf ? ['#3c5a34', '#1d2c18'] : ['#7a5a34', '#3a2a18'])}
    ${sky('hill2', golf ? ['#2d4a28', '#0f180c'] : ['#4a3a22', '#1a140c'])}`;
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  body += `<ellipse cx="${f(left + u * 0.62)}" cy="${f(hy)}" rx="${f(u * 0.55)}" ry="${f(h * 0.4)}" fill="url(#sun)"/>`;
  body += `<path d="M 0 ${f(hy)} C ${f(w * 0.2)} ${f(hy - h * 0.08)}, ${f(w * 0.4)} ${f(hy + h * 0.02)}, ${f(w * 0.6)} ${f(hy - h * 0.06)} S ${f(w * 0.9)} ${f(hy - h * 0.02)}, ${w} ${f(hy - h * 0.05)} L ${w} ${h} L 0 ${h} Z" fill="${golf ? '#54705a' : '#8a6a52'}" fill-opacity="0.6"/>`;
  // Farmhouse on the far hill.
  const fx = left + u * 0.62;
  const fy = hy - h * 0.045;
  body += `<rect x="${f(fx)}" y="${f(fy - h * 0.04)}" width="${f(u * 0.06)}" height="${f(h * 0.04)}" fill="#2a1d16"/><rect x="${f(fx + u * 0.04)}" y="${f(fy - h * 0.07)}" width="${f(u * 0.015)}" height="${f(h * 0.07)}" fill="#2a1d16"/><rect x="${f(fx + u * 0.012)}" y="${f(fy - h * 0.025)}" width="${f(u * 0.006)}" height="${f(h * 0.01)}" fill="#ffcf7a"/>`;
  body += `<path d="M 0 ${f(h * 0.62)} C ${f(w * 0.3)} ${f(h * 0.5)}, ${f(w * 0.6)} ${f(h * 0.62)}, ${w} ${f(h * 0.55)} L ${w} ${h} L 0 ${h} Z" fill="url(#hill1)"/>`;
  // Cypresses.
  for (let i = 0; i < 9; i++) {
    const x = left + u * (0.05 + i * 0.05) + (r() - 0.5) * u * 0.02;
    const y = h * (0.58 - Math.sin(i / 3) * 0.02);
    const s = h * (0.1 + r() * 0.06);
    body += `<ellipse cx="${f(x)}" cy="${f(y - s / 2)}" rx="${f(s * 0.11)}" ry="${f(s / 2)}" fill="#12180e"/>`;
  }
  body += `<path d="M 0 ${f(h * 0.72)} C ${f(w * 0.35)} ${f(h * 0.62)}, ${f(w * 0.65)} ${f(h * 0.7)}, ${w} ${f(h * 0.64)} L ${w} ${h} L 0 ${h} Z" fill="url(#hill2)"/>`;
  if (golf) {
    for (let i = 0; i < 8; i++)
      body += `<path d="M ${f(cx + (i - 4) * u * 0.02)} ${f(h * 0.68)} L ${f(cx + (i - 4) * u * 0.25)} ${h}" stroke="${i % 2 ? '#3f6236' : '#2a4624'}" stroke-width="${f(u * 0.06)}" stroke-opacity="0.5"/>`;
    body += `<ellipse cx="${f(left + u * 0.7)}" cy="${f(h * 0.74)}" rx="${f(u * 0.12)}" ry="${f(h * 0.03)}" fill="#6f9a56"/>`;
    body += `<ellipse cx="${f(left + u * 0.5)}" cy="${f(h * 0.8)}" rx="${f(u * 0.08)}" ry="${f(h * 0.025)}" fill="#d9c89a"/>`;
    body += `<rect x="${f(left + u * 0.72)}" y="${f(h * 0.58)}" width="${f(u * 0.002)}" height="${f(h * 0.16)}" fill="#e8e2d2"/><path d="M ${f(left + u * 0.722)} ${f(h * 0.58)} l ${f(u * 0.04)} ${f(h * 0.015)} l ${f(-u * 0.04)} ${f(h * 0.015)} Z" fill="${GOLD}"/>`;
    body += `<circle cx="${f(left + u * 0.3)}" cy="${f(h * 0.9)}" r="${f(u * 0.008)}" fill="#f4f1ea"/>`;
  } else {
    // Vine rows converging on the near slope.
    for (let i = -12; i <= 12; i++)
      body += `<path d="M ${f(cx + i * u * 0.012)} ${f(h * 0.69)} L ${f(cx + i * u * 0.16)} ${f(h * 1.02)}" stroke="#1c2a12" stroke-width="${f(u * 0.012)}" stroke-dasharray="${f(u * 0.006)} ${f(u * 0.003)}"/>`;
    const cw = u * (portrait ? 0.6 : 0.28);
    body += `<path d="M -10 ${f(h * 0.86)} C ${f(w * 0.3)} ${f(h * 0.84)}, ${f(w * 0.6)} ${f(h * 0.87)}, ${w + 10} ${f(h * 0.83)} L ${w + 10} ${f(h * 0.89)} C ${f(w * 0.6)} ${f(h * 0.93)}, ${f(w * 0.3)} ${f(h * 0.9)}, -10 ${f(h * 0.93)} Z" fill="#bf9a6a" fill-opacity="0.7"/>`;
    body += car(portrait ? cx - cw / 2 : left + u * 0.55, h * 0.9, cw, '#3a1d1c', '#f2c27a');
  }
  return svg(w, h, defs, body, { vignette: 0.45 });
}

/* ---------- lifestyle ---------- */

/** Sailing yachts at sunset on the Baltic: a regatta, the lead boat close. */
function yachts(w, h, r) {
  const { u, left, portrait } = stage(w, h);
  const hy = h * 0.58;
  const defs = `${sky('sky', ['#0d1322', '#2b3450', '#8a6a6e', '#e8b27a'])}${glow('sun', '#ffd59a', 0.8)}${sky('sea', ['#6a5a66', '#1c2436', '#070a12'])}`;
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  body += `<ellipse cx="${f(left + u * 0.35)}" cy="${f(hy)}" rx="${f(u * 0.5)}" ry="${f(h * 0.4)}" fill="url(#sun)"/>`;
  body += `<rect x="0" y="${f(hy)}" width="${w}" height="${f(h - hy)}" fill="url(#sea)"/>`;
  for (let i = 0; i < 60; i++)
    body += `<path d="M ${f(r() * w)} ${f(hy + r() * (h - hy))} q ${f(u * 0.01)} ${f(-h * 0.004)} ${f(u * 0.02)} 0" fill="none" stroke="#f6d2a0" stroke-opacity="${f(0.1 + r() * 0.3)}" stroke-width="${f(Math.max(1, u * 0.0015))}"/>`;
  const boat = (x, y, s, sail = '#efe8da') => `<g>
    <path d="M ${f(x - s * 0.5)} ${f(y)} L ${f(x + s * 0.55)} ${f(y)} L ${f(x + s * 0.42)} ${f(y + s * 0.08)} L ${f(x - s * 0.4)} ${f(y + s * 0.08)} Z" fill="#0c0f16"/>
    <path d="M ${f(x)} ${f(y - s * 1.25)} L ${f(x)} ${f(y - s * 0.02)}" stroke="#0c0f16" stroke-width="${f(s * 0.012)}"/>
    <path d="M ${f(x - s * 0.02)} ${f(y - s * 1.2)} C ${f(x - s * 0.25)} ${f(y - s * 0.7)}, ${f(x - s * 0.4)} ${f(y - s * 0.3)}, ${f(x - s * 0.45)} ${f(y - s * 0.06)} L ${f(x - s * 0.02)} ${f(y - s * 0.06)} Z" fill="${sail}" fill-opacity="0.92"/>
    <path d="M ${f(x + s * 0.02)} ${f(y - s * 1.1)} C ${f(x + s * 0.2)} ${f(y - s * 0.6)}, ${f(x + s * 0.35)} ${f(y - s * 0.3)}, ${f(x + s * 0.5)} ${f(y - s * 0.06)} L ${f(x + s * 0.02)} ${f(y - s * 0.06)} Z" fill="${sail}" fill-opacity="0.75"/>
    <path d="M ${f(x - s * 0.45)} ${f(y + s * 0.1)} L ${f(x + s * 0.5)} ${f(y + s * 0.1)}" stroke="#ffe2b8" stroke-opacity="0.4" stroke-width="${f(s * 0.01)}"/></g>`;
  for (let i = 0; i < 5; i++)
    body += boat(left + u * (0.1 + i * 0.2 + r() * 0.05), hy + h * 0.02, u * (0.05 + r() * 0.03), '#c9b8a6');
  body += boat(left + u * (portrait ? 0.5 : 0.62), hy + h * 0.27, u * (portrait ? 0.42 : 0.26));
  body += `<text x="${f(left + u * (portrait ? 0.42 : 0.57))}" y="${f(hy + h * 0.2)}" font-family="Helvetica, Arial, sans-serif" font-size="${f(u * 0.018)}" fill="${GOLD}" letter-spacing="2">XC 7</text>`;
  return svg(w, h, defs, body, { vignette: 0.45 });
}

/** An evening indoors: warm bokeh of chandeliers, champagne flutes (gala) or a laid table (chef's table). */
function lounge(w, h, r, { table = false } = {}) {
  const { u, cx, left, portrait } = stage(w, h);
  const defs = `${sky('sky', ['#070609', '#140f12', '#241a14', '#0d0a09'])}
    ${glow('bokeh', '#f0c36a', 0.9)}
    <linearGradient id="wine" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6da8e"/><stop offset="1" stop-color="#b98a2c"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.3" stop-color="#fff" stop-opacity="0.06"/><stop offset="1" stop-color="#fff" stop-opacity="0.2"/></linearGradient>
    <linearGradient id="cloth" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a2320"/><stop offset="1" stop-color="#0b0908"/></linearGradient>`;
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  for (let i = 0; i < 70; i++) {
    const rad = u * (0.01 + r() * 0.05);
    body += `<circle cx="${f(r() * w)}" cy="${f(r() * h * 0.7)}" r="${f(rad)}" fill="url(#bokeh)" opacity="${f(0.25 + r() * 0.6)}"/>`;
  }
  // Chandelier glow.
  body += `<ellipse cx="${f(left + u * 0.3)}" cy="${f(h * 0.12)}" rx="${f(u * 0.25)}" ry="${f(h * 0.18)}" fill="url(#bokeh)" opacity="0.5"/>`;
  const ty = h * (table ? 0.62 : 0.78);
  body += `<rect x="0" y="${f(ty)}" width="${w}" height="${f(h - ty)}" fill="url(#cloth)"/>`;
  body += `<path d="M 0 ${f(ty)} L ${w} ${f(ty)}" stroke="${GOLD}" stroke-opacity="0.7" stroke-width="${f(u * 0.002)}"/>`;
  const flute = (x, s, tilt = 0) => {
    const top = ty - s;
    let bubbles = '';
    for (let i = 0; i < 10; i++)
      bubbles += `<circle cx="${f(x + (r() - 0.5) * s * 0.1)}" cy="${f(top + s * 0.12 + r() * s * 0.4)}" r="${f(s * 0.006)}" fill="#fff6da" fill-opacity="0.8"/>`;
    return `<g transform="rotate(${tilt} ${f(x)} ${f(ty)})">
      <ellipse cx="${f(x)}" cy="${f(ty)}" rx="${f(s * 0.13)}" ry="${f(s * 0.02)}" fill="#d8c9a8" fill-opacity="0.5"/>
      <path d="M ${f(x)} ${f(ty)} L ${f(x)} ${f(top + s * 0.55)}" stroke="#e8dcc0" stroke-opacity="0.7" stroke-width="${f(s * 0.012)}"/>
      <path d="M ${f(x - s * 0.09)} ${f(top)} C ${f(x - s * 0.1)} ${f(top + s * 0.3)}, ${f(x - s * 0.06)} ${f(top + s * 0.52)}, ${f(x)} ${f(top + s * 0.56)} C ${f(x + s * 0.06)} ${f(top + s * 0.52)}, ${f(x + s * 0.1)} ${f(top + s * 0.3)}, ${f(x + s * 0.09)} ${f(top)} Z" fill="url(#glass)" stroke="#f5ead0" stroke-opacity="0.5" stroke-width="${f(s * 0.004)}"/>
      <path d="M ${f(x - s * 0.085)} ${f(top + s * 0.12)} C ${f(x - s * 0.09)} ${f(top + s * 0.32)}, ${f(x - s * 0.055)} ${f(top + s * 0.5)}, ${f(x)} ${f(top + s * 0.54)} C ${f(x + s * 0.055)} ${f(top + s * 0.5)}, ${f(x + s * 0.09)} ${f(top + s * 0.32)}, ${f(x + s * 0.085)} ${f(top + s * 0.12)} Z" fill="url(#wine)" fill-opacity="0.85"/>
      ${bubbles}</g>`;
  };
  if (table) {
    // A long table in perspective: plates, candles and glasses.
    for (let i = 0; i < 4; i++) {
      const t = i / 3;
      const px = left + u * (0.22 + t * 0.56);
      const py = ty + (h - ty) * (0.55 - t * 0.0);
      const s = u * (0.16 - t * 0.02);
      body += `<ellipse cx="${f(px)}" cy="${f(py)}" rx="${f(s * 0.5)}" ry="${f(s * 0.14)}" fill="#efe8db"/><ellipse cx="${f(px)}" cy="${f(py)}" rx="${f(s * 0.3)}" ry="${f(s * 0.08)}" fill="#e3d9c6"/><ellipse cx="${f(px)}" cy="${f(py - s * 0.01)}" rx="${f(s * 0.12)}" ry="${f(s * 0.035)}" fill="#7a3a22"/><ellipse cx="${f(px + s * 0.05)}" cy="${f(py - s * 0.03)}" rx="${f(s * 0.05)}" ry="${f(s * 0.015)}" fill="#4f6a2e"/>`;
      const candleX = px + s * 0.45;
      body += `<rect x="${f(candleX - s * 0.02)}" y="${f(py - s * 0.5)}" width="${f(s * 0.04)}" height="${f(s * 0.45)}" fill="#efe6d2"/><ellipse cx="${f(candleX)}" cy="${f(py - s * 0.56)}" rx="${f(s * 0.015)}" ry="${f(s * 0.05)}" fill="#ffd27a"/><circle cx="${f(candleX)}" cy="${f(py - s * 0.56)}" r="${f(s * 0.2)}" fill="url(#bokeh)" opacity="0.6"/>`;
    }
    body += flute(left + u * 0.9, u * 0.3, 0);
  } else {
    const s = u * (portrait ? 0.7 : 0.5);
    body += flute(cx - s * 0.14, s, -4);
    body += flute(cx + s * 0.14, s * 0.96, 5);
    // A bottle in the bucket, out of focus on the side.
    body += `<g filter="url(#blur)" opacity="0.8"><path d="M ${f(left + u * 0.12)} ${f(ty)} L ${f(left + u * 0.1)} ${f(ty - h * 0.2)} L ${f(left + u * 0.22)} ${f(ty - h * 0.2)} L ${f(left + u * 0.2)} ${f(ty)} Z" fill="#6d6a66"/><path d="M ${f(left + u * 0.145)} ${f(ty - h * 0.2)} L ${f(left + u * 0.145)} ${f(ty - h * 0.36)} L ${f(left + u * 0.175)} ${f(ty - h * 0.36)} L ${f(left + u * 0.175)} ${f(ty - h * 0.2)} Z" fill="#1d2a20"/><rect x="${f(left + u * 0.143)}" y="${f(ty - h * 0.38)}" width="${f(u * 0.034)}" height="${f(h * 0.04)}" fill="${GOLD}"/></g>`;
  }
  return svg(w, h, defs, body, { vignette: 0.35 });
}

/** The grand theatre by night: colonnade lit from below, steps, glowing windows. */
function theatre(w, h, r) {
  const { u, cx } = stage(w, h);
  const defs = `${sky('sky', ['#03050b', '#0b1020', '#182036', '#222a42'])}
    <linearGradient id="stone" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#f0c477"/><stop offset="0.5" stop-color="#8a6a44"/><stop offset="1" stop-color="#2a2230"/></linearGradient>
    ${glow('lamp', '#ffcf7a', 0.8)}`;
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>${stars(w, h, r, 40, h * 0.3)}`;
  const fw = Math.min(w * 0.96, u * 0.9);
  const fx = cx - fw / 2;
  const top = h * 0.22;
  const base = h * 0.74;
  body += `<path d="M ${f(fx)} ${f(top + h * 0.1)} L ${f(cx)} ${f(top - h * 0.02)} L ${f(fx + fw)} ${f(top + h * 0.1)} Z" fill="#3a3038"/>`;
  body += `<path d="M ${f(fx + fw * 0.1)} ${f(top + h * 0.085)} L ${f(cx)} ${f(top + h * 0.01)} L ${f(fx + fw * 0.9)} ${f(top + h * 0.085)} Z" fill="#251f28"/>`;
  body += `<rect x="${f(fx)}" y="${f(top + h * 0.1)}" width="${f(fw)}" height="${f(h * 0.04)}" fill="#5a4a44"/>`;
  body += `<rect x="${f(fx)}" y="${f(top + h * 0.14)}" width="${f(fw)}" height="${f(base - top - h * 0.14)}" fill="#120e14"/>`;
  const cols = 8;
  for (let i = 0; i < cols; i++) {
    const x = fx + fw * (0.05 + (i / (cols - 1)) * 0.9);
    if (i < cols - 1) {
      const nx = fx + fw * (0.05 + ((i + 1) / (cols - 1)) * 0.9);
      const mx = (x + nx) / 2;
      body += `<path d="M ${f(mx - fw * 0.025)} ${f(base)} L ${f(mx - fw * 0.025)} ${f(base - h * 0.2)} A ${f(fw * 0.025)} ${f(fw * 0.025)} 0 0 1 ${f(mx + fw * 0.025)} ${f(base - h * 0.2)} L ${f(mx + fw * 0.025)} ${f(base)} Z" fill="#ffcf7a" fill-opacity="${f(0.55 + r() * 0.35)}"/>`;
    }
    body += `<rect x="${f(x - fw * 0.018)}" y="${f(top + h * 0.14)}" width="${f(fw * 0.036)}" height="${f(base - top - h * 0.14)}" fill="url(#stone)"/>`;
  }
  for (let i = 0; i < 5; i++)
    body += `<rect x="${f(fx - fw * 0.02 * i)}" y="${f(base + i * h * 0.025)}" width="${f(fw + fw * 0.04 * i)}" height="${f(h * 0.025)}" fill="${i % 2 ? '#1d1820' : '#2a2228'}"/>`;
  body += `<path d="M ${f(cx - fw * 0.05)} ${f(base)} L ${f(cx + fw * 0.05)} ${f(base)} L ${f(cx + fw * 0.09)} ${h} L ${f(cx - fw * 0.09)} ${h} Z" fill="#7a1620"/>`;
  for (const x of [fx - fw * 0.02, fx + fw * 1.02]) {
    body += `<rect x="${f(x - u * 0.003)}" y="${f(base - h * 0.12)}" width="${f(u * 0.006)}" height="${f(h * 0.3)}" fill="#0a0a0c"/><circle cx="${f(x)}" cy="${f(base - h * 0.13)}" r="${f(u * 0.01)}" fill="#ffe2a8"/><circle cx="${f(x)}" cy="${f(base - h * 0.13)}" r="${f(u * 0.06)}" fill="url(#lamp)"/>`;
  }
  body += `<ellipse cx="${f(cx)}" cy="${f(base)}" rx="${f(fw * 0.6)}" ry="${f(h * 0.2)}" fill="url(#lamp)" opacity="0.35"/>`;
  return svg(w, h, defs, body, { vignette: 0.4 });
}

/** A city at night from a bridge: skyline with lit windows and the light trails of traffic. */
function city(w, h, r) {
  const { u, cx } = stage(w, h);
  const hy = h * 0.55;
  const defs = `${sky('sky', ['#03050a', '#0b1426', '#1c2a48', '#3a3350'])}${glow('haze', '#ffb86a', 0.4)}`;
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  body += `<ellipse cx="${f(cx)}" cy="${f(hy)}" rx="${f(w * 0.7)}" ry="${f(h * 0.3)}" fill="url(#haze)"/>`;
  let x = -10;
  while (x < w) {
    const bw = u * (0.03 + r() * 0.06);
    const bh = h * (0.12 + r() * 0.38) * (1 - (Math.abs(x - cx) / w) * 0.6);
    body += `<rect x="${f(x)}" y="${f(hy - bh)}" width="${f(bw)}" height="${f(bh)}" fill="#080b12"/>`;
    const cols = Math.max(2, Math.floor(bw / (u * 0.008)));
    const rows = Math.floor(bh / (u * 0.012));
    for (let c = 0; c < cols; c++)
      for (let k = 0; k < rows; k++)
        if (r() > 0.62)
          body += `<rect x="${f(x + (c + 0.3) * (bw / cols))}" y="${f(hy - bh + (k + 0.4) * u * 0.012)}" width="${f((bw / cols) * 0.45)}" height="${f(u * 0.005)}" fill="${r() > 0.8 ? '#9fc3ff' : '#ffd08a'}" fill-opacity="${f(0.35 + r() * 0.5)}"/>`;
    if (r() > 0.85)
      body += `<rect x="${f(x + bw / 2 - 1)}" y="${f(hy - bh - h * 0.05)}" width="2" height="${f(h * 0.05)}" fill="#080b12"/><circle cx="${f(x + bw / 2)}" cy="${f(hy - bh - h * 0.05)}" r="${f(u * 0.003)}" fill="#ff3b2f"/>`;
    x += bw + u * 0.003;
  }
  body += `<rect x="0" y="${f(hy)}" width="${w}" height="${f(h - hy)}" fill="#06070b"/>`;
  // Road in perspective with light trails.
  body += `<path d="M ${f(cx - u * 0.02)} ${f(hy)} L ${f(cx + u * 0.02)} ${f(hy)} L ${f(cx + u * 0.9)} ${h} L ${f(cx - u * 0.9)} ${h} Z" fill="#0d0e13"/>`;
  for (let i = 0; i < 7; i++) {
    const red = i < 4;
    const off = (red ? -1 : 1) * (0.08 + (i % 4) * 0.09);
    const d = `M ${f(cx + off * u * 0.05)} ${f(hy + h * 0.01)} Q ${f(cx + off * u * 1.2)} ${f(hy + (h - hy) * 0.4)} ${f(cx + off * u * 3)} ${f(h * 1.05)}`;
    body += `<path d="${d}" fill="none" stroke="${red ? '#ff3524' : '#ffe7b8'}" stroke-width="${f(u * 0.01)}" stroke-opacity="0.55" filter="url(#blur)"/>`;
    body += `<path d="${d}" fill="none" stroke="${red ? '#ff7a66' : '#ffffff'}" stroke-width="${f(u * 0.0025)}"/>`;
  }
  // Wet reflections of the skyline.
  body += `<rect x="0" y="${f(hy)}" width="${w}" height="${f(h * 0.06)}" fill="#ffd08a" fill-opacity="0.06" filter="url(#blur)"/>`;
  return svg(w, h, defs, body, { vignette: 0.4 });
}

/** A gallery hall: a car on a plinth under spotlights (museum night) or under a silk cover (private preview). */
function showroom(w, h, _r, { covered = false } = {}) {
  const { u, cx, portrait } = stage(w, h);
  const fy = h * 0.7;
  const defs = `${sky('sky', ['#0a0a0d', '#121217', '#19181d'])}
    <linearGradient id="spot" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff2d2" stop-opacity="0.35"/><stop offset="1" stop-color="#fff2d2" stop-opacity="0.02"/></linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1c1b20"/><stop offset="1" stop-color="#050507"/></linearGradient>
    <linearGradient id="silk" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#cfc6b4"/><stop offset="0.5" stop-color="#8c8272"/><stop offset="1" stop-color="#3a352e"/></linearGradient>
    ${glow('pool', '#fff0cc', 0.5)}`;
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  // Framed pictures on the wall.
  for (let i = 0; i < 6; i++) {
    const x = (w / 6) * i + w * 0.03;
    if (Math.abs(x + w * 0.05 - cx) < u * 0.25) continue;
    body += `<rect x="${f(x)}" y="${f(h * 0.22)}" width="${f(w * 0.1)}" height="${f(h * 0.16)}" fill="#24222a" stroke="${GOLD}" stroke-opacity="0.6" stroke-width="${f(u * 0.002)}"/>`;
    body += `<ellipse cx="${f(x + w * 0.05)}" cy="${f(h * 0.3)}" rx="${f(w * 0.08)}" ry="${f(h * 0.14)}" fill="url(#pool)" opacity="0.5"/>`;
  }
  body += `<rect x="0" y="${f(fy)}" width="${w}" height="${f(h - fy)}" fill="url(#floor)"/>`;
  const cw = u * (portrait ? 0.8 : 0.5);
  body += `<path d="M ${f(cx - cw * 0.18)} 0 L ${f(cx + cw * 0.18)} 0 L ${f(cx + cw * 0.75)} ${f(fy + h * 0.08)} L ${f(cx - cw * 0.75)} ${f(fy + h * 0.08)} Z" fill="url(#spot)"/>`;
  body += `<ellipse cx="${f(cx)}" cy="${f(fy + h * 0.08)}" rx="${f(cw * 0.7)}" ry="${f(h * 0.06)}" fill="url(#pool)"/>`;
  body += `<ellipse cx="${f(cx)}" cy="${f(fy + h * 0.08)}" rx="${f(cw * 0.62)}" ry="${f(h * 0.04)}" fill="#0d0c10" stroke="${GOLD}" stroke-width="${f(u * 0.002)}"/>`;
  const carY = fy + h * 0.07;
  if (covered) {
    body += `<path d="M ${f(cx - cw * 0.55)} ${f(carY)} C ${f(cx - cw * 0.52)} ${f(carY - cw * 0.12)}, ${f(cx - cw * 0.35)} ${f(carY - cw * 0.16)}, ${f(cx - cw * 0.2)} ${f(carY - cw * 0.18)} C ${f(cx - cw * 0.08)} ${f(carY - cw * 0.3)}, ${f(cx + cw * 0.18)} ${f(carY - cw * 0.3)}, ${f(cx + cw * 0.28)} ${f(carY - cw * 0.2)} C ${f(cx + cw * 0.42)} ${f(carY - cw * 0.16)}, ${f(cx + cw * 0.54)} ${f(carY - cw * 0.12)}, ${f(cx + cw * 0.56)} ${f(carY)} Z" fill="url(#silk)"/>`;
    for (let i = 0; i < 7; i++)
      body += `<path d="M ${f(cx - cw * 0.4 + i * cw * 0.13)} ${f(carY)} Q ${f(cx - cw * 0.35 + i * cw * 0.12)} ${f(carY - cw * 0.12)} ${f(cx - cw * 0.25 + i * cw * 0.08)} ${f(carY - cw * 0.22)}" fill="none" stroke="#2a251f" stroke-opacity="0.35" stroke-width="${f(cw * 0.006)}"/>`;
    body += `<path d="M ${f(cx - cw * 0.55)} ${f(carY)} L ${f(cx + cw * 0.56)} ${f(carY)}" stroke="${GOLD}" stroke-width="${f(cw * 0.006)}"/>`;
  } else {
    body += car(cx - cw / 2, carY, cw, '#5a1a1c', '#f2d28a');
    body += `<g transform="translate(0 ${f(carY * 2)}) scale(1 -1)" opacity="0.12">${car(cx - cw / 2, carY, cw, '#5a1a1c', '#f2d28a')}</g>`;
  }
  return svg(w, h, defs, body, { vignette: 0.3 });
}

const SCENES = {
  track,
  academy,
  snow,
  alpine,
  coast,
  desert,
  countryside,
  yachts,
  lounge,
  theatre,
  city,
  showroom,
};

/** One scene by name at a size; `seed` varies the details so two pictures of a kind differ. */
export function scene(kind, w, h, seed, options = {}) {
  const draw = SCENES[kind];
  if (!draw) throw new Error(`unknown scene ${kind}`);
  return draw(w, h, rng(seed), options);
}
