// The analysis board's part of the Board Preview page: its styles, its panel (the side to move,
// the verdict, the legal moves as buttons, the move list with take-back / forward / best reply /
// add as a case, the position as text, folded; at most 30% of the page's height) and its
// script, which runs inside the page's one nonce'd script. On games played on cells, every legal
// move is also a box over its cell, coloured by its outcome (filled for the best moves, hatched
// for the worse ones), hovered and clicked like the buttons.
import { FROM_PAGE, TO_PAGE } from './analysisModel';

export const analysisCss = `
  #analysis { flex: none; max-height: 30vh; overflow: auto; padding: 4px 8px; border-top: 1px solid var(--vscode-panel-border, #8884); line-height: 1.35; }
  #analysis p { margin: 0 0 2px; }
  #analysis-verdict { font-weight: bold; }
  #analysis-error { color: var(--vscode-errorForeground); }
  #analysis-moves, #analysis-list { display: flex; flex-wrap: wrap; gap: 3px; margin: 2px 0; }
  #analysis button { font: inherit; font-size: 0.9em; color: var(--vscode-button-secondaryForeground);
                     background: var(--vscode-button-secondaryBackground); border: 1px solid transparent; border-radius: 2px; cursor: pointer; }
  #analysis button:disabled { opacity: 0.5; cursor: default; }
  #analysis button.best { border-color: var(--vscode-testing-iconPassed, #2a2); }
  #analysis button.worse { border-color: var(--vscode-testing-iconFailed, #c33); border-style: dashed; }
  #analysis-list button.current { font-weight: bold; text-decoration: underline; }
  #analysis-list button.ahead { opacity: 0.6; }
  #analysis pre { margin: 2px 0; font-family: var(--vscode-editor-font-family, monospace); }
  #board .analysis-move { cursor: pointer; stroke-width: 3; fill-opacity: 0.35; }
  #board .analysis-move.best { fill: var(--vscode-testing-iconPassed, #2a2); stroke: var(--vscode-testing-iconPassed, #2a2); }
  #board .analysis-move.worse { fill: url(#analysis-hatch); stroke: var(--vscode-testing-iconFailed, #c33); stroke-dasharray: 4 3; fill-opacity: 1; }
  #board .analysis-move:hover { fill-opacity: 0.7; stroke-width: 5; }
  #board .analysis-played { fill: none; stroke: var(--vscode-focusBorder); stroke-width: 3; pointer-events: none; }
  #board .analysis-step { font-size: 40%; fill: var(--vscode-focusBorder); pointer-events: none; font-weight: bold; }
`;

export const analysisHtml = `<div id="analysis" data-state="idle">
<p id="analysis-tomove"></p><p id="analysis-verdict"></p><p id="analysis-error"></p>
<div id="analysis-moves" aria-label="Legal moves"></div>
<div id="analysis-list" aria-label="Moves played"></div>
<div><button id="analysis-back" title="Take back (←)">◀ Back</button> <button id="analysis-forward" title="Forward (→)">Forward ▶</button>
<button id="analysis-best" title="Play the best reply">Best reply</button> <button id="analysis-add" title="Write this position into the file as a new case">Add as a case</button></div>
<details><summary>The position as text</summary><pre id="analysis-board"></pre></details>
</div>`;

/** The script's part, inside the page's function: `board` and `vscode` are the page's. */
export const analysisScript = `
  const FROM = ${JSON.stringify(FROM_PAGE)};
  const panelEl = document.getElementById('analysis');
  const movesEl = document.getElementById('analysis-moves');
  const listEl = document.getElementById('analysis-list');
  let analysis = null;
  function button(text, cls, onClick) {
    const b = document.createElement('button');
    b.textContent = text;
    if (cls) b.className = cls;
    b.addEventListener('click', onClick);
    return b;
  }
  function cellOf(move) {
    const m = /^([0-9]+),([0-9]+)$/.exec(move);
    return m ? { row: Number(m[1]), col: Number(m[2]) } : null;
  }
  // The box of cell (row, col) in the picture's units: a run of equal cells is one element.
  function cellBox(svg, row, col) {
    for (const e of svg.querySelectorAll('[data-row="' + row + '"]')) {
      const c0 = Number(e.getAttribute('data-col'));
      const len = Number(e.getAttribute('data-len')) || 1;
      if (col < c0 || col >= c0 + len) continue;
      const b = e.getBBox();
      return { x: b.x + ((col - c0) * b.width) / len, y: b.y, width: b.width / len, height: b.height };
    }
    return null;
  }
  function removeOverlay() {
    const old = board.querySelector('#analysis-overlay');
    if (old) old.remove();
  }
  const NS = 'http://www.w3.org/2000/svg';
  function overlay() {
    removeOverlay();
    const svg = board.firstElementChild;
    if (!svg || svg.localName !== 'svg' || !analysis || !analysis.report) return;
    const g = document.createElementNS(NS, 'g');
    g.id = 'analysis-overlay';
    const defs = document.createElementNS(NS, 'defs');
    defs.innerHTML = '<pattern id="analysis-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="transparent"/><line x1="0" y1="0" x2="0" y2="6" stroke="var(--vscode-testing-iconFailed, #c33)" stroke-width="3"/></pattern>';
    g.appendChild(defs);
    const r = analysis.report;
    r.played.forEach((move, i) => {
      const c = cellOf(move.split('>').pop());
      const box = c && cellBox(svg, c.row, c.col);
      if (!box) return;
      const t = document.createElementNS(NS, 'text');
      t.setAttribute('class', 'analysis-step');
      t.setAttribute('x', String(box.x + 2));
      // Bottom left: the picture's own numbers of the line of play are at the top.
      t.setAttribute('y', String(box.y + box.height - 4));
      t.textContent = String(i + 1);
      g.appendChild(t);
      if (i === r.played.length - 1) {
        const p = document.createElementNS(NS, 'rect');
        p.setAttribute('class', 'analysis-played');
        for (const k of ['x', 'y', 'width', 'height']) p.setAttribute(k, String(box[k]));
        g.appendChild(p);
      }
    });
    for (const m of r.moves) {
      const c = cellOf(m.move);
      const box = c && cellBox(svg, c.row, c.col);
      if (!box) continue;
      const rect = document.createElementNS(NS, 'rect');
      rect.setAttribute('class', 'analysis-move ' + (r.best.includes(m.move) ? 'best' : 'worse'));
      rect.setAttribute('data-move', m.move);
      for (const k of ['x', 'y', 'width', 'height']) rect.setAttribute(k, String(box[k]));
      const title = document.createElementNS(NS, 'title');
      title.textContent = m.move + ' → ' + m.answer;
      rect.appendChild(title);
      g.appendChild(rect);
    }
    svg.appendChild(g);
  }
  function showAnalysis(msg) {
    analysis = msg;
    const r = msg.report;
    panelEl.dataset.state = msg.error ? 'error' : r ? 'ready' : 'idle';
    panelEl.dataset.version = String(msg.version);
    document.getElementById('analysis-tomove').textContent = r ? msg.words.toMove : '';
    document.getElementById('analysis-verdict').textContent = r ? msg.words.verdict : '';
    document.getElementById('analysis-error').textContent = msg.error || '';
    document.getElementById('analysis-board').textContent = r ? r.board.join('\\n') : '';
    movesEl.replaceChildren(...(r ? r.moves : []).map((m) => {
      const b = button(m.move + ' → ' + m.answer, r.best.includes(m.move) ? 'best' : 'worse', () => vscode.postMessage({ type: FROM.play, move: m.move }));
      b.dataset.move = m.move;
      return b;
    }));
    const items = [button('start', msg.list.at === 0 ? 'current' : '', () => vscode.postMessage({ type: FROM.goto, at: 0 }))];
    msg.list.moves.forEach((move, i) => {
      const cls = i + 1 === msg.list.at ? 'current' : i + 1 > msg.list.at ? 'ahead' : '';
      const b = button((i + 1) + '. ' + move, cls, () => vscode.postMessage({ type: FROM.goto, at: i + 1 }));
      b.dataset.index = String(i + 1);
      items.push(b);
    });
    listEl.replaceChildren(...items);
    document.getElementById('analysis-back').disabled = msg.list.at === 0;
    document.getElementById('analysis-forward').disabled = msg.list.at >= msg.list.moves.length;
    document.getElementById('analysis-best').disabled = !r || r.over || r.best.length === 0;
    document.getElementById('analysis-add').disabled = !r;
    overlay();
  }
  document.getElementById('analysis-back').addEventListener('click', () => vscode.postMessage({ type: FROM.back }));
  document.getElementById('analysis-forward').addEventListener('click', () => vscode.postMessage({ type: FROM.forward }));
  document.getElementById('analysis-best').addEventListener('click', () => vscode.postMessage({ type: FROM.best }));
  document.getElementById('analysis-add').addEventListener('click', () => vscode.postMessage({ type: FROM.addCase }));
  window.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowLeft') { event.preventDefault(); vscode.postMessage({ type: FROM.back }); }
    else if (event.key === 'ArrowRight') { event.preventDefault(); vscode.postMessage({ type: FROM.forward }); }
  });
  // A click on a legal move's box plays it (before the page's own click, which reveals a cell).
  board.addEventListener('click', (event) => {
    const target = event.target.closest && event.target.closest('[data-move]');
    if (!target) return;
    event.stopImmediatePropagation();
    vscode.postMessage({ type: FROM.play, move: target.getAttribute('data-move') });
  }, true);
  window.addEventListener('message', (event) => {
    if (event.data && event.data.type === ${JSON.stringify(TO_PAGE)}) showAnalysis(event.data);
  });
`;
