// The Board Preview's pure parts, tested under plain Node: the page around the server's picture
// (a strict Content-Security-Policy, one nonce'd script), and where a clicked cell is in the text.

import { analysisCss, analysisHtml, analysisScript } from './analysisPage';

/** A position as the server sends it (0-based line, character in UTF-16 units). */
export interface Position {
  line: number;
  character: number;
}

/** The answer of `boardls/render`. */
export interface Rendered {
  svg: string;
  range: { start: Position; end: Position };
  title: string;
  /** Where each grid row's first cell is; empty for chess (no grid in the text). */
  rowStarts: Position[];
  /** The case is being solved: the picture has no outcomes yet. */
  solving: boolean;
}

/**
 * When a picture was made (`Date.now()` in the extension host): the last change of the document
 * shown (0 before any), how many pictures were asked for since, when this one was asked for,
 * answered and posted to the page. The page adds when it received and drew it, in
 * `#board[data-timing]`.
 */
export interface Timing {
  changedAt: number;
  asks: number;
  requestedAt: number;
  answeredAt?: number;
  postedAt?: number;
  /** Characters of picture posted (the whole SVG, or the replaced elements'). */
  bytes?: number;
  /** Elements of the picture replaced in place; 0 when the whole picture was posted. */
  replaced?: number;
}

/**
 * A picture split for updates: its case's title, the `<svg …>` start tag and the elements
 * directly inside it, each with a key: a row of cells' `data-row-cells` value, or its element name
 * and how many of that name came before it among the unkeyed ones.
 */
export interface PictureParts {
  title: string;
  root: string;
  children: string[];
  keys: string[];
}

/** One element of the shown picture to replace: the `index`-th child of its `<svg>`. */
export interface PicturePart {
  index: number;
  key: string;
  svg: string;
}

/**
 * What to post for a new picture: nothing (`same`), the whole picture (first picture, another
 * case, size, theme or set of elements), or the changed elements alone, to be replaced in place.
 */
export type PictureUpdate =
  | { kind: 'same' }
  | { kind: 'whole' }
  | { kind: 'parts'; count: number; parts: PicturePart[] };

/**
 * `svg` split into its start tag and its top-level elements, or undefined when it is not one
 * `<svg>` element holding elements only (the caller then posts it whole). Reads what the
 * server's renderer writes (no comments, no CDATA; attribute values quoted); the page parses
 * every part again with the HTML parser, so this is for comparing, not for trusting.
 */
export function splitPicture(svg: string, title: string): PictureParts | undefined {
  let at = skipSpace(svg, 0);
  if (!svg.startsWith('<svg', at)) return undefined;
  const rootEnd = tagEnd(svg, at);
  if (rootEnd === undefined || svg[rootEnd - 2] === '/') return undefined;
  const root = svg.slice(at, rootEnd);
  const children: string[] = [];
  const keys: string[] = [];
  const seen = new Map<string, number>();
  at = rootEnd;
  for (;;) {
    at = skipSpace(svg, at);
    if (svg.startsWith('</svg>', at)) {
      return skipSpace(svg, at + 6) === svg.length ? { title, root, children, keys } : undefined;
    }
    const end = elementEnd(svg, at);
    if (end === undefined) return undefined;
    const element = svg.slice(at, end);
    const name = /^<([A-Za-z][\w-]*)/.exec(element)?.[1] ?? '';
    const cells = /^<g data-row-cells="([0-9]+,[0-9]+)"/.exec(element)?.[1];
    if (cells !== undefined) {
      keys.push(`cells ${cells}`);
    } else {
      const n = seen.get(name) ?? 0;
      seen.set(name, n + 1);
      keys.push(`${name} ${n}`);
    }
    children.push(element);
    at = end;
  }
}

/**
 * What to post to show `next` where `last` is shown: the same keys in the same order under the
 * same start tag (so the same size and theme) and the same case let the changed elements alone
 * be replaced; anything else is a new picture.
 */
export function pictureUpdate(last: PictureParts | undefined, next: PictureParts | undefined): PictureUpdate {
  if (!last || !next || last.title !== next.title || last.root !== next.root) return { kind: 'whole' };
  if (last.keys.length !== next.keys.length || last.keys.some((k, i) => k !== next.keys[i])) {
    return { kind: 'whole' };
  }
  const parts: PicturePart[] = [];
  next.children.forEach((svg, index) => {
    if (svg !== last.children[index]) parts.push({ index, key: next.keys[index], svg });
  });
  return parts.length === 0 ? { kind: 'same' } : { kind: 'parts', count: next.children.length, parts };
}

function skipSpace(s: string, at: number): number {
  while (at < s.length && /\s/.test(s[at])) at += 1;
  return at;
}

/** The index just past the tag starting at `at` (a `<`), quotes respected. */
function tagEnd(s: string, at: number): number | undefined {
  let quote = '';
  for (let i = at + 1; i < s.length; i++) {
    const ch = s[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '<') {
      return undefined;
    } else if (ch === '>') {
      return i + 1;
    }
  }
  return undefined;
}

/** The index just past the element starting at `at`, its nested elements and text included. */
function elementEnd(s: string, at: number): number | undefined {
  let depth = 0;
  let i = at;
  do {
    if (s[i] !== '<' || s[i + 1] === '!' || s[i + 1] === '?') return undefined;
    const end = tagEnd(s, i);
    if (end === undefined) return undefined;
    if (s[i + 1] === '/') depth -= 1;
    else if (s[end - 2] !== '/') depth += 1;
    i = end;
    if (depth > 0) {
      // Text up to the next tag: escaped by the renderer, so it holds no `<`.
      const next = s.indexOf('<', i);
      if (next < 0) return undefined;
      i = next;
    }
  } while (depth > 0);
  return depth === 0 ? i : undefined;
}

/**
 * The text position of picture cell (row, col), 1-based as in `data-row`/`data-col`: cells are
 * one ASCII character each, so column c is c − 1 characters after its row's start. Without a
 * grid (or off it), the case's start.
 */
export function cellPosition(r: Rendered, row: number, col: number): Position {
  const start = r.rowStarts[row - 1];
  if (!start || !Number.isInteger(col) || col < 1) {
    return r.range.start;
  }
  return { line: start.line, character: start.character + col - 1 };
}

/** The picture's theme for VS Code's `ColorThemeKind` (1 light, 2 dark, 3 high contrast dark, 4 high contrast light). */
export function themeFor(kind: number): 'light' | 'dark' {
  return kind === 2 || kind === 3 ? 'dark' : 'light';
}

/** A width and a height in CSS pixels (or in the picture's units). */
export interface Size {
  width: number;
  height: number;
}

/**
 * The scale the page draws the board at: the board fills the viewport (a small board is scaled
 * up), but its letters (3/5 of a cell of `cellUnits`) are never smaller than the editor's text of
 * `fontPx`: a large board is then larger than the viewport and is panned. `zoom` multiplies it
 * (the page's zoom buttons and Ctrl+wheel). Kept free of outer names: the page runs its source.
 */
export function boardScale(board: Size, viewport: Size, cellUnits: number, fontPx: number, zoom: number): number {
  if (!(board.width > 0 && board.height > 0 && viewport.width > 0 && viewport.height > 0)) return 1;
  const fit = Math.min(viewport.width / board.width, viewport.height / board.height);
  const legible = cellUnits > 0 && fontPx > 0 ? fontPx / (0.6 * cellUnits) : 0;
  return Math.max(fit, legible) * zoom;
}

/**
 * The webview's page: no remote content, no inline script but the one carrying `nonce`, styles
 * from that nonce only; pictures arrive as messages and are parsed into an inert template (no
 * script in it ever runs: the policy allows only the nonce'd one), keeping the `svg` element
 * alone and dropping any script or foreign object. A patch (`pictureUpdate`'s parts) is parsed
 * the same way, each part inside an `<svg>` (so its elements are SVG ones), and replaces the
 * shown picture's children in place, all in one task (one paint); a patch that does not fit the
 * picture shown is refused with `{ type: 'resync' }`, and the extension posts the next picture
 * whole. A click on a cell is posted back as `{ type: 'reveal', row, col }`.
 *
 * The page shows the picture's board part alone (its `data-board` box), scaled by `boardScale`
 * to the panel, with the caption and the legend as the page's own text at the editor's font
 * size (their swatches drawn with the picture's patterns); − / Fit / + and Ctrl+wheel zoom, the
 * scroll bars, the wheel and dragging pan.
 */
export function previewHtml(nonce: string, cspSource: string): string {
  const csp = [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Board Preview</title>
<style nonce="${nonce}">
  html, body { height: 100%; }
  body { background: var(--vscode-editor-background); color: var(--vscode-editor-foreground);
         font-family: var(--vscode-font-family); font-size: var(--vscode-editor-font-size, 14px);
         margin: 0; padding: 0; display: flex; flex-direction: column; overflow: hidden; }
  #top { display: flex; align-items: flex-start; gap: 8px; padding: 6px 8px 4px; }
  #status { flex: 1 1 auto; font-size: var(--vscode-editor-font-size, 14px); line-height: 1.35; }
  #status p { margin: 0; }
  #status p:first-child { font-weight: bold; }
  #zoom { flex: none; display: flex; gap: 2px; }
  #zoom button { font: inherit; font-size: 0.9em; min-width: 2.2em; color: var(--vscode-button-secondaryForeground);
                 background: var(--vscode-button-secondaryBackground); border: none; border-radius: 2px; cursor: pointer; }
  #viewport { flex: 1 1 auto; min-height: 0; overflow: auto; padding: 0 8px; cursor: grab; }
  #viewport.panning { cursor: grabbing; }
  #board svg { display: block; margin: 0 auto; }
  #board [data-row] { cursor: pointer; }
  #board [data-row]:hover { stroke: var(--vscode-focusBorder); stroke-width: 2; }
${analysisCss}
  #legend { flex: none; padding: 4px 8px 8px; font-size: var(--vscode-editor-font-size, 14px); line-height: 1.35; }
  #legend div { display: flex; align-items: center; gap: 0.5em; }
  #legend svg { flex: none; width: 1em; height: 1em; }
</style>
</head>
<body>
<div id="top"><div id="status">Open a .board file.</div>
<div id="zoom"><button id="zoom-out" title="Zoom out">−</button><button id="zoom-fit" title="The whole board">Fit</button><button id="zoom-in" title="Zoom in">+</button></div></div>
<div id="viewport"><div id="board" data-boardls-preview="true"></div></div>
${analysisHtml}
<div id="legend"></div>
<script nonce="${nonce}">
(function () {
  const vscode = acquireVsCodeApi();
  const board = document.getElementById('board');
  const status = document.getElementById('status');
  const legend = document.getElementById('legend');
  const viewport = document.getElementById('viewport');
  const boardScale = ${boardScale.toString()};
  // The zoom of the case shown (1: the scale that fills the panel); a new case starts at 1.
  let zoom = 1;
  let zoomedTitle = '';
  // The HTML parser reads a large picture about ten times faster than DOMParser's XML one.
  function parseSvg(text) {
    const template = document.createElement('template');
    template.innerHTML = text;
    const svg = template.content.firstElementChild;
    if (!svg || svg.localName !== 'svg' || template.content.childElementCount !== 1) return null;
    for (const bad of svg.querySelectorAll('script, foreignObject')) bad.remove();
    return svg;
  }
  function lines(text) {
    const spans = text.querySelectorAll('tspan');
    return spans.length ? [...spans].map((t) => t.textContent).join(' ') : text.textContent;
  }
  // The picture's caption and legend as the page's text, at the editor's font size.
  function words(svg) {
    const paragraphs = [...svg.querySelectorAll('text[data-caption]')].map((t) => {
      const p = document.createElement('p');
      p.textContent = lines(t);
      return p;
    });
    status.replaceChildren(...paragraphs);
    const items = [...svg.querySelectorAll('g[data-legend]')].map((g) => {
      const item = document.createElement('div');
      item.dataset.legend = g.getAttribute('data-legend');
      const swatch = g.firstElementChild;
      if (swatch && swatch.localName !== 'text') {
        const box = swatch.getBBox();
        const icon = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
        icon.setAttribute('viewBox', [box.x - 1, box.y - 1, box.width + 2, box.height + 2].join(' '));
        icon.appendChild(swatch.cloneNode(true));
        item.appendChild(icon);
      }
      const text = g.querySelector('text');
      const span = document.createElement('span');
      span.textContent = text ? lines(text) : '';
      item.appendChild(span);
      return item;
    });
    legend.replaceChildren(...items);
  }
  function boardBox(svg) {
    const box = (svg.getAttribute('data-board') || '').split(' ').map(Number);
    if (box.length === 4 && box.every(Number.isFinite) && box[2] > 0 && box[3] > 0) return box;
    const vb = svg.viewBox.baseVal;
    return [vb.x, vb.y, vb.width, vb.height];
  }
  function fontPx() {
    return parseFloat(getComputedStyle(status).fontSize) || 14;
  }
  function cellUnits(svg) {
    const cell = svg.querySelector('[data-row]');
    return cell ? Number(cell.getAttribute('height')) || 0 : 0;
  }
  function viewportSize() {
    const style = getComputedStyle(viewport);
    const padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    return { width: viewport.clientWidth - padX - 1, height: viewport.clientHeight - 1 };
  }
  // Draws the board part of the picture at the scale for the panel, the zoom and the font.
  function layout() {
    const svg = board.firstElementChild;
    if (!svg || svg.localName !== 'svg') return;
    const box = boardBox(svg);
    svg.setAttribute('viewBox', box.join(' '));
    const scale = boardScale({ width: box[2], height: box[3] }, viewportSize(), cellUnits(svg), fontPx(), zoom);
    svg.setAttribute('width', String(Math.round(box[2] * scale)));
    svg.setAttribute('height', String(Math.round(box[3] * scale)));
    board.dataset.scale = scale.toFixed(3);
    board.dataset.zoom = String(zoom);
  }
  // Zooms by \`factor\` keeping the point (x, y) of the viewport where it is.
  function zoomBy(factor, x, y) {
    const svg = board.firstElementChild;
    if (!svg) return;
    const before = svg.getBoundingClientRect();
    const fx = (viewport.scrollLeft + x) / Math.max(1, before.width);
    const fy = (viewport.scrollTop + y) / Math.max(1, before.height);
    zoom = Math.min(16, Math.max(0.05, zoom * factor));
    layout();
    const after = svg.getBoundingClientRect();
    viewport.scrollLeft = fx * after.width - x;
    viewport.scrollTop = fy * after.height - y;
  }
  function zoomToFit() {
    const svg = board.firstElementChild;
    if (!svg) return;
    const box = boardBox(svg);
    const size = viewportSize();
    const whole = boardScale({ width: box[2], height: box[3] }, size, 0, 0, 1);
    const base = boardScale({ width: box[2], height: box[3] }, size, cellUnits(svg), fontPx(), 1);
    zoom = whole / base;
    layout();
  }
  document.getElementById('zoom-in').addEventListener('click', () => zoomBy(1.25, viewport.clientWidth / 2, viewport.clientHeight / 2));
  document.getElementById('zoom-out').addEventListener('click', () => zoomBy(0.8, viewport.clientWidth / 2, viewport.clientHeight / 2));
  document.getElementById('zoom-fit').addEventListener('click', zoomToFit);
  viewport.addEventListener('wheel', (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    const rect = viewport.getBoundingClientRect();
    zoomBy(event.deltaY < 0 ? 1.1 : 1 / 1.1, event.clientX - rect.left, event.clientY - rect.top);
  }, { passive: false });
  new ResizeObserver(() => layout()).observe(viewport);
  // Dragging pans; a press that does not move is a click on a cell.
  let drag = null;
  let dragged = false;
  viewport.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    drag = { x: event.clientX, y: event.clientY, left: viewport.scrollLeft, top: viewport.scrollTop };
    dragged = false;
  });
  window.addEventListener('pointermove', (event) => {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!dragged && Math.abs(dx) + Math.abs(dy) < 4) return;
    dragged = true;
    viewport.classList.add('panning');
    viewport.scrollLeft = drag.left - dx;
    viewport.scrollTop = drag.top - dy;
  });
  window.addEventListener('pointerup', () => {
    drag = null;
    viewport.classList.remove('panning');
  });
${analysisScript}
  function shown(msg, receivedAt) {
    board.dataset.version = String(msg.version);
    board.dataset.timing = JSON.stringify(Object.assign({}, msg.timing, { receivedAt: receivedAt, drawnAt: Date.now() }));
    words(board.firstElementChild);
    if (!status.textContent) status.textContent = msg.title;
    overlay();
  }
  // The patch's new elements paired with the ones they replace, or null when it does not fit.
  function patchPairs(msg) {
    const svg = board.firstElementChild;
    if (!svg || svg.localName !== 'svg' || board.dataset.version !== String(msg.base) || svg.children.length !== msg.count) return null;
    const pairs = [];
    for (const part of msg.parts) {
      const wrap = parseSvg('<svg xmlns="http://www.w3.org/2000/svg">' + part.svg + '</svg>');
      const fresh = wrap && wrap.childElementCount === 1 ? wrap.firstElementChild : null;
      const old = svg.children[part.index];
      if (!fresh || !old || old.localName !== fresh.localName || old.getAttribute('data-row-cells') !== fresh.getAttribute('data-row-cells')) return null;
      pairs.push([old, fresh]);
    }
    return pairs;
  }
  window.addEventListener('message', (event) => {
    const msg = event.data;
    if (msg.type === 'render') {
      const receivedAt = Date.now();
      const svg = parseSvg(msg.svg);
      if (!svg) {
        status.textContent = 'The picture could not be read.';
        return;
      }
      if (msg.title !== zoomedTitle) {
        zoom = 1;
        zoomedTitle = msg.title;
      }
      // One swap of the whole picture: no blank frame between the old and the new.
      board.replaceChildren(document.adoptNode(svg));
      layout();
      shown(msg, receivedAt);
    } else if (msg.type === 'patch') {
      const receivedAt = Date.now();
      removeOverlay();
      const pairs = patchPairs(msg);
      if (!pairs) {
        overlay();
        vscode.postMessage({ type: 'resync' });
        return;
      }
      // Every replacement in this one task: the page paints the new picture once, never half.
      for (const [old, fresh] of pairs) old.replaceWith(document.adoptNode(fresh));
      shown(msg, receivedAt);
    } else if (msg.type === 'empty') {
      board.replaceChildren();
      legend.replaceChildren();
      delete board.dataset.version;
      status.textContent = msg.text;
    }
  });
  board.addEventListener('click', (event) => {
    if (dragged) return;
    const cell = event.target.closest && event.target.closest('[data-row]');
    if (!cell) return;
    const rect = cell.getBoundingClientRect();
    const len = Number(cell.getAttribute('data-len')) || 1;
    // A run of equal cells is one element: the click's place along it says which cell.
    const k = Math.min(len - 1, Math.max(0, Math.floor(((event.clientX - rect.left) / rect.width) * len)));
    vscode.postMessage({
      type: 'reveal',
      row: Number(cell.getAttribute('data-row')),
      col: Number(cell.getAttribute('data-col')) + k,
    });
  });
}());
</script>
</body>
</html>`;
}
