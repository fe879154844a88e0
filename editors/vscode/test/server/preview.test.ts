// The Board Preview's updates against real pictures (BOARDLS_BIN's `boardls render`, set by
// editors/test.sh): of a 50 × 50 board edited in one cell, only that cell's row and the elements
// that tell the verdict are posted, and they make the new picture; every drawn row is one
// element to replace.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { PictureParts, pictureUpdate, splitPicture } from '../../src/previewModel';

const bin = process.env.BOARDLS_BIN;

/** The picture `boardls render` draws of the one case of `text`. */
function render(text: string, theme = 'light'): string {
  assert.ok(bin, 'BOARDLS_BIN names the boardls binary under test');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'boardls-preview-'));
  try {
    fs.writeFileSync(path.join(dir, 'b.board'), text);
    const r = spawnSync(bin, ['render', 'b.board', '--theme', theme, '--out', 'out'], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return fs.readFileSync(path.join(dir, 'out', 'fifty.svg'), 'utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A 50 × 50 zgame board: row 1 empty but for `first` at (1,2), the rest `A`/`B` at random. */
function board(first: string): string {
  let seed = 7;
  const rows = [`.${first}${'.'.repeat(48)}`];
  for (let r = 2; r <= 50; r++) {
    let row = '';
    for (let c = 1; c <= 50; c++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      row += r === 2 && c <= 2 ? 'B' : seed < 1073741824 ? 'A' : 'B';
    }
    rows.push(row);
  }
  return `[zgame "fifty"]\n${rows.join('\n')}\n`;
}

function split(svg: string): PictureParts {
  const parts = splitPicture(svg, 'fifty');
  assert.ok(parts, 'the picture splits');
  return parts;
}

test('every drawn row of a real picture is one element, keyed by its row', () => {
  const parts = split(render(board('.')));
  const rows = parts.keys.filter((k) => k.startsWith('cells '));
  assert.deepEqual(rows, Array.from({ length: 50 }, (_, r) => `cells ${r + 1},1`));
  // Each row's element holds that row's cells and no other.
  parts.children.forEach((child, i) => {
    const cells = [...child.matchAll(/data-row="(\d+)"/g)].map((m) => m[1]);
    if (parts.keys[i].startsWith('cells ')) {
      assert.ok(cells.length > 0 && cells.every((r) => `cells ${r},1` === parts.keys[i]), parts.keys[i]);
    } else {
      assert.deepEqual(cells, [], parts.keys[i]);
    }
  });
});

test('an edit of one cell posts its row and the verdict, a small part of the picture', () => {
  const lose = render(board('.'));
  const win = render(board('A'));
  assert.match(lose, /data-row="1" data-col="1" data-len="\d+" data-outcome="lose"/);
  assert.match(win, /data-row="1" data-col="1" data-len="\d+" data-outcome="win"/);
  for (const [from, to] of [
    [lose, win],
    [win, lose],
  ]) {
    const last = split(from);
    const next = split(to);
    const update = pictureUpdate(last, next);
    assert.equal(update.kind, 'parts');
    if (update.kind !== 'parts') return;
    const keys = update.parts.map((p) => p.key);
    assert.ok(keys.includes('cells 1,1'), keys.join());
    assert.ok(!keys.some((k) => k.startsWith('cells ') && k !== 'cells 1,1'), keys.join());
    const bytes = update.parts.reduce((n, p) => n + p.svg.length, 0);
    assert.ok(bytes * 10 < to.length, `${bytes} of ${to.length} bytes posted`);
    const patched = last.children.slice();
    for (const p of update.parts) patched[p.index] = p.svg;
    assert.deepEqual(patched, next.children);
  }
});

test('the same board in the other theme is posted whole', () => {
  const light = split(render(board('.')));
  const dark = split(render(board('.'), 'dark'));
  assert.deepEqual(dark.keys, light.keys);
  assert.deepEqual(pictureUpdate(light, dark), { kind: 'whole' });
});
