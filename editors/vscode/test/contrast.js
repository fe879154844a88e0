// The WCAG 2 contrast ratio of two colours, shared by the unit test of the cell colours
// (package.json's defaults against the default themes) and the end-to-end test (the colours the
// page draws against its editor background).
'use strict';

/** [r, g, b] (0–255) of `#rrggbb` or `rgb(r, g, b)`. */
function parseColour(text) {
  const hex = /^#([0-9a-f]{6})$/i.exec(text.trim());
  if (hex) {
    const n = parseInt(hex[1], 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const rgb = /^rgba?\(\s*(\d+),\s*(\d+),\s*(\d+)/.exec(text.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`not a colour: ${text}`);
}

/** WCAG 2 relative luminance. */
function luminance(text) {
  const [r, g, b] = parseColour(text).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** (lighter + 0.05) / (darker + 0.05): 1 for equal luminance, 21 for black on white. */
function contrastRatio(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** What the cells' colours must reach: AA text contrast on the editor's background; a win and a
 * loss told apart by lightness alone (as with red–green colour blindness); a draw apart from both. */
const MIN_ON_BACKGROUND = 4.5;
const MIN_WIN_LOSE = 1.5;
const MIN_DRAW = 1.2;

module.exports = { parseColour, luminance, contrastRatio, MIN_ON_BACKGROUND, MIN_WIN_LOSE, MIN_DRAW };
