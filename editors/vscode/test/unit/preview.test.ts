// Unit tests of the Board Preview's pure parts under plain Node (node:test): where a clicked cell
// lands in the text, the theme for each kind of colour theme, and the page's security policy.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { cellPosition, previewHtml, Rendered, themeFor } from '../../src/previewModel';

const rendered: Rendered = {
  svg: '<svg/>',
  range: { start: { line: 1, character: 0 }, end: { line: 5, character: 0 } },
  title: 'zgame "one"',
  rowStarts: [
    { line: 2, character: 0 },
    { line: 3, character: 4 },
  ],
  solving: false,
};

test('a cell is its column after its row start', () => {
  assert.deepEqual(cellPosition(rendered, 1, 1), { line: 2, character: 0 });
  assert.deepEqual(cellPosition(rendered, 2, 3), { line: 3, character: 6 });
});

test('without a grid row the case start is where the cursor goes', () => {
  assert.deepEqual(cellPosition(rendered, 3, 1), { line: 1, character: 0 });
  assert.deepEqual(cellPosition({ ...rendered, rowStarts: [] }, 1, 1), { line: 1, character: 0 });
  assert.deepEqual(cellPosition(rendered, 1, Number.NaN), { line: 1, character: 0 });
});

test('dark and high-contrast dark themes get the dark picture', () => {
  assert.deepEqual([1, 2, 3, 4].map(themeFor), ['light', 'dark', 'dark', 'light']);
});

test('the page allows nothing remote and only its own nonce', () => {
  const html = previewHtml('N0NCE', 'vscode-webview://x');
  const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'nonce-N0NCE'/);
  assert.doesNotMatch(csp, /unsafe|https?:/);
  const scripts = html.match(/<script[^>]*>/g) ?? [];
  assert.deepEqual(scripts, ['<script nonce="N0NCE">']);
});
