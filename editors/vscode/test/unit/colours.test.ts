// The colours of cells by outcome that the extension sets for VS Code's default themes
// (package.json: configurationDefaults → editor.semanticTokenColorCustomizations), measured
// with the WCAG contrast ratio against each theme's editor background and against each other.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { contrastRatio, MIN_DRAW, MIN_ON_BACKGROUND, MIN_WIN_LOSE } from '../contrast';

// The default themes' editor.background and editor.foreground (VS Code 1.90–1.100).
const THEMES: Record<string, { background: string; foreground: string }> = {
  'Default Dark Modern': { background: '#1f1f1f', foreground: '#cccccc' },
  'Default Dark+': { background: '#1e1e1e', foreground: '#d4d4d4' },
  'Default Light Modern': { background: '#ffffff', foreground: '#3b3b3b' },
  'Default Light+': { background: '#ffffff', foreground: '#000000' },
};

type Rule = { foreground: string; bold?: boolean };
const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));
const customizations: Record<string, { rules: Record<string, Rule> }> =
  manifest.contributes.configurationDefaults['editor.semanticTokenColorCustomizations'];

/** The rules that apply to `theme`: from every `[A][B]` key that names it. */
function rulesFor(theme: string): Record<string, Rule> {
  const found = Object.entries(customizations).filter(([key]) => key.includes(`[${theme}]`));
  assert.equal(found.length, 1, `one customization names ${theme}`);
  return found[0][1].rules;
}

for (const [theme, { background }] of Object.entries(THEMES)) {
  test(`${theme}: cells by outcome stand out from the background and from each other`, () => {
    const rules = rulesFor(theme);
    const colour = (type: string) => {
      const rule = rules[`${type}:board`];
      assert.ok(rule?.foreground, `${type} has a colour in ${theme}`);
      assert.equal(rule.bold, true, `${type} is bold: more than hue sets it apart from plain text`);
      return rule.foreground;
    };
    const [win, lose, draw] = [colour('winning'), colour('losing'), colour('drawn')];
    for (const [name, c] of [['winning', win], ['losing', lose], ['drawn', draw]]) {
      const r = contrastRatio(c, background);
      assert.ok(r >= MIN_ON_BACKGROUND, `${name} ${c} on ${background}: ${r.toFixed(2)} < ${MIN_ON_BACKGROUND}`);
    }
    const wl = contrastRatio(win, lose);
    assert.ok(wl >= MIN_WIN_LOSE, `winning ${win} and losing ${lose}: ${wl.toFixed(2)} < ${MIN_WIN_LOSE}`);
    for (const other of [win, lose]) {
      const r = contrastRatio(draw, other);
      assert.ok(r >= MIN_DRAW, `drawn ${draw} and ${other}: ${r.toFixed(2)} < ${MIN_DRAW}`);
    }
  });
}

test('the contrast ratio is the WCAG one', () => {
  assert.equal(contrastRatio('#000000', '#ffffff'), 21);
  assert.equal(contrastRatio('#777777', '#777777'), 1);
  // The old winning green of Dark Modern (markup.inserted) on its background: legible, but
  // barely apart from the plain text beside it.
  assert.ok(Math.abs(contrastRatio('rgb(181, 206, 168)', '#1f1f1f') - 9.7) < 0.01);
  assert.ok(contrastRatio('#b5cea8', '#cccccc') < 1.1);
});
