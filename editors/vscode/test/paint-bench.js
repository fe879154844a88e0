// How long headless chromium takes to show a new 50 × 50 Board Preview picture: the whole
// picture parsed and swapped in, or one row's element replaced (what a keystroke's patch does),
// with the cells filled by texture patterns (as drawn) or by plain colours (for comparison),
// each until the frame after the change is painted. The board is the end-to-end test's (rows
// 2..50 `A`/`B` at random) with `A` and `.` on (1,2) in turn.
//
// usage: BOARDLS_BIN=target/dist/boardls node editors/vscode/test/paint-bench.js [ROUNDS]
// needs: /usr/bin/chromium, editors/vscode/node_modules (npm ci)
const { chromium } = require('playwright-core');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const bin = process.env.BOARDLS_BIN;
if (!bin) throw new Error('BOARDLS_BIN names the boardls binary that draws the pictures');
const rounds = Number(process.argv[2] || 30);

function picture(first) {
  let seed = 14;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const rows = [`.${first}${'.'.repeat(48)}`];
  for (let r = 2; r <= 50; r++) {
    let row = '';
    for (let c = 1; c <= 50; c++) row += r === 2 && c <= 2 ? 'B' : random() < 0.5 ? 'A' : 'B';
    rows.push(row);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'boardls-paint-'));
  try {
    fs.writeFileSync(path.join(dir, 'b.board'), `[zgame "fifty"]\n${rows.join('\n')}\n`);
    const r = spawnSync(bin, ['render', 'b.board', '--out', dir], { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    return fs.readFileSync(path.join(dir, 'fifty.svg'), 'utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const plain = (svg) =>
  svg.replace(/url\(#o-win\)/g, '#009e73').replace(/url\(#o-lose\)/g, '#d55e00').replace(/url\(#o-draw\)/g, '#56b4e9');

(async () => {
  const pictures = [picture('.'), picture('A')];
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 900, height: 1000 } });
    await page.setContent('<div id="board"></div>');
    const result = { bytes: pictures[0].length, rounds };
    for (const [fills, svgs] of [['patterns', pictures], ['plain colours', pictures.map(plain)]]) {
      result[fills] = await page.evaluate(
        async ([svgs, rounds]) => {
          const board = document.getElementById('board');
          // The preview's parse: the HTML parser into an inert template.
          const parse = (text) => {
            const t = document.createElement('template');
            t.innerHTML = text;
            return t.content.firstElementChild;
          };
          // Resolves once the frame after the change is painted.
          const painted = () =>
            new Promise((done) =>
              requestAnimationFrame(() => {
                const channel = new MessageChannel();
                channel.port1.onmessage = () => done();
                channel.port2.postMessage(0);
              }),
            );
          const median = (xs) => Math.round(xs.slice().sort((a, b) => a - b)[xs.length >> 1]);
          const whole = [];
          const row = [];
          for (let i = 0; i < rounds; i++) {
            const t0 = performance.now();
            board.replaceChildren(parse(svgs[i % 2]));
            await painted();
            whole.push(performance.now() - t0);
          }
          const rows = svgs.map((s) => parse(s).querySelector('[data-row-cells="1,1"]').outerHTML);
          for (let i = 0; i < rounds; i++) {
            const t0 = performance.now();
            const fresh = parse(`<svg xmlns="http://www.w3.org/2000/svg">${rows[i % 2]}</svg>`).firstElementChild;
            board.querySelector('[data-row-cells="1,1"]').replaceWith(fresh);
            await painted();
            row.push(performance.now() - t0);
          }
          return { wholeMs: median(whole), rowMs: median(row) };
        },
        [svgs, rounds],
      );
    }
    console.log(JSON.stringify(result));
  } finally {
    await browser.close();
  }
})();
