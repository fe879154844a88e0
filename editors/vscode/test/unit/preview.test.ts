// Unit tests of the Board Preview's pure parts under plain Node (node:test): where a clicked cell
// lands in the text, the theme for each kind of colour theme, the page's security policy, and
// what is posted for a new picture (nothing, the changed rows, or the whole picture).
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { boardScale, cellPosition, pictureUpdate, previewHtml, Rendered, splitPicture, themeFor } from '../../src/previewModel';

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

test('a small board is scaled up to fill the panel, by its narrower side', () => {
  // A 3 × 3 board (108 units of 36-unit cells, with its coordinates about 130) in a 500 × 700 panel.
  const scale = boardScale({ width: 130, height: 130 }, { width: 500, height: 700 }, 36, 16, 1);
  assert.equal(scale, 500 / 130);
  assert.equal(boardScale({ width: 130, height: 130 }, { width: 900, height: 400 }, 36, 16, 1), 400 / 130);
});

test("a large board is not drawn with letters smaller than the editor's text: it is panned", () => {
  // 50 × 50 cells of 14 units: fitting 500 px would make 10 px cells and 6 px letters.
  const board = { width: 50 * 14 + 20, height: 50 * 14 + 20 };
  const scale = boardScale(board, { width: 500, height: 700 }, 14, 16, 1);
  assert.ok(14 * scale * 0.6 >= 16 - 1e-9, `letters of ${14 * scale * 0.6} px`);
  assert.ok(board.width * scale > 500);
  // Zoom multiplies it; nothing to draw gives the identity.
  assert.equal(boardScale(board, { width: 500, height: 700 }, 14, 16, 2), 2 * scale);
  assert.equal(boardScale({ width: 0, height: 10 }, { width: 500, height: 700 }, 14, 16, 1), 1);
});

test('the page runs the very scale function tested here', () => {
  assert.ok(previewHtml('N', 'x').includes(boardScale.toString()));
});

/**
 * A picture as the renderer writes it, of a board whose rows are given as runs
 * (`[outcome, length]` each): the start tag, title, patterns, caption, one `<g data-row-cells>` a
 * row, grid lines, the line of play and a legend entry a kind of outcome.
 */
function picture(rows: [string, number][][], caption = 'Alice wins (answer W)', height = 300): string {
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="${height}" viewBox="0 0 300 ${height}" role="img" data-theme="light">`,
    `<title id="caption">zgame "one" ${caption}</title>`,
    '<defs>\n<pattern id="o-win" width="6" height="6"><rect width="6" height="6" fill="#009e73"/></pattern>\n</defs>',
    `<text x="16" y="28" font-size="14" fill="#1b1b1b">${caption}</text>`,
  ];
  rows.forEach((runs, r) => {
    out.push(`<g data-row-cells="${r + 1},1">`);
    let c = 1;
    for (const [outcome, len] of runs) {
      out.push(`<rect x="${c * 14}" y="${r * 14}" width="${len * 14}" height="14" fill="url(#o-${outcome})" data-row="${r + 1}" data-col="${c}" data-len="${len}" data-outcome="${outcome}"/>`);
      c += len;
    }
    out.push('<g font-size="8" font-weight="bold" text-anchor="middle" fill="#1b1b1b"><text x="7" y="10">A</text></g>', '</g>');
  });
  out.push('<path d="M34 70h42" stroke="#b4b4b4" stroke-width="1" fill="none"/>');
  out.push('<path d="M41 77L48 77" stroke="#000000" stroke-width="2" fill="none" data-line="play" data-cells="1,1 1,2"/>');
  const kinds = [...new Set(rows.flat().map(([o]) => o))];
  kinds.forEach((k, i) => out.push(`<g data-legend="${i}"><rect x="16" y="${200 + 20 * i}" width="14" height="14" fill="url(#o-${k})"/><text>${k} &amp; more</text></g>`));
  out.push('</svg>');
  return out.join('\n') + '\n';
}

const board: [string, number][][] = [
  [['win', 1], ['lose', 2]],
  [['draw', 3]],
  [['lose', 1], ['win', 1], ['lose', 1]],
];

test('a picture splits into its start tag and its elements, rows keyed by data-row-cells', () => {
  const svg = picture(board);
  const parts = splitPicture(svg, 'one');
  assert.ok(parts);
  assert.match(parts.root, /^<svg [^>]*data-theme="light">$/);
  assert.deepEqual(parts.keys, [
    'title 0', 'defs 0', 'text 0', 'cells 1,1', 'cells 2,1', 'cells 3,1', 'path 0', 'path 1', 'g 0', 'g 1', 'g 2',
  ]);
  // Nothing is lost: the parts are the picture, but for the line breaks between them.
  assert.equal([parts.root, ...parts.children, '</svg>'].join('\n'), svg.trim());
  assert.equal(parts.children[4], '<g data-row-cells="2,1">\n<rect x="14" y="14" width="42" height="14" fill="url(#o-draw)" data-row="2" data-col="1" data-len="3" data-outcome="draw"/>\n<g font-size="8" font-weight="bold" text-anchor="middle" fill="#1b1b1b"><text x="7" y="10">A</text></g>\n</g>');
});

test('what is not one svg element of elements is not split', () => {
  for (const bad of [
    '',
    '<svg width="1">',
    '<svg/>',
    '<svg><rect/></svg><svg></svg>',
    '<svg><rect/>loose text</svg>',
    '<svg><g><rect/></svg>',
    '<svg><!-- a comment --></svg>',
    '<div><rect/></div>',
  ]) {
    assert.equal(splitPicture(bad, 't'), undefined, bad);
  }
  // A `>` inside a quoted value does not end the tag.
  assert.deepEqual(splitPicture('<svg a=">"><rect b="<>"/></svg>', 't')?.children, ['<rect b="<>"/>']);
});

test('the same picture again posts nothing', () => {
  const a = splitPicture(picture(board), 'one');
  const b = splitPicture(picture(board), 'one');
  assert.deepEqual(pictureUpdate(a, b), { kind: 'same' });
});

test('one changed cell posts its row alone, even when its runs change shape', () => {
  const last = splitPicture(picture(board), 'one');
  // (2,2) turns from draw to win: row 2's one run of three becomes three runs.
  const changed = board.map((row) => row.slice());
  changed[1] = [['draw', 1], ['win', 1], ['draw', 1]];
  const next = splitPicture(picture(changed), 'one');
  const update = pictureUpdate(last, next);
  assert.equal(update.kind, 'parts');
  if (update.kind !== 'parts') return;
  assert.equal(update.count, next?.children.length);
  assert.deepEqual(update.parts.map((p) => [p.index, p.key]), [[4, 'cells 2,1']]);
  assert.match(update.parts[0].svg, /^<g data-row-cells="2,1">/);
  assert.equal((update.parts[0].svg.match(/data-row="2"/g) ?? []).length, 3);
  // The patched picture is the new one.
  const patched = last?.children.slice() ?? [];
  for (const p of update.parts) patched[p.index] = p.svg;
  assert.deepEqual(patched, next?.children);
});

test('a changed verdict posts its caption and title with the row', () => {
  const changed = board.map((row) => row.slice());
  changed[0] = [['win', 1], ['lose', 1], ['draw', 1]];
  const update = pictureUpdate(
    splitPicture(picture(board), 'one'),
    splitPicture(picture(changed, 'Bob wins (answer L)'), 'one'),
  );
  assert.equal(update.kind, 'parts');
  if (update.kind !== 'parts') return;
  assert.deepEqual(update.parts.map((p) => p.key), ['title 0', 'text 0', 'cells 1,1']);
});

test('a new structure, size, theme or case posts the whole picture', () => {
  const last = splitPicture(picture(board), 'one');
  // Another set of outcomes: one more legend entry.
  const allDraw: [string, number][][] = [[['draw', 3]], [['draw', 3]], [['draw', 3]]];
  const fewer = splitPicture(picture(allDraw), 'one');
  assert.notEqual(fewer?.keys.length, last?.keys.length);
  assert.deepEqual(pictureUpdate(last, fewer), { kind: 'whole' });
  // A taller picture (the start tag differs), the dark theme, another case, another board size.
  assert.deepEqual(pictureUpdate(last, splitPicture(picture(board, undefined, 320), 'one')), { kind: 'whole' });
  const dark = picture(board).replace('data-theme="light"', 'data-theme="dark"');
  assert.deepEqual(pictureUpdate(last, splitPicture(dark, 'one')), { kind: 'whole' });
  assert.deepEqual(pictureUpdate(last, splitPicture(picture(board), 'two')), { kind: 'whole' });
  assert.deepEqual(pictureUpdate(last, splitPicture(picture([...board, [['win', 3]]]), 'one')), { kind: 'whole' });
  // Nothing shown yet, or a picture that could not be split.
  assert.deepEqual(pictureUpdate(undefined, last), { kind: 'whole' });
  assert.deepEqual(pictureUpdate(last, undefined), { kind: 'whole' });
});
