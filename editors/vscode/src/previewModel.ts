// The Board Preview's pure parts, tested under plain Node: the page around the server's picture
// (a strict Content-Security-Policy, one nonce'd script), and where a clicked cell is in the text.

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

/**
 * The webview's page: no remote content, no inline script but the one carrying `nonce`, styles
 * from that nonce only; pictures arrive as messages and are parsed into an inert template (no
 * script in it ever runs: the policy allows only the nonce'd one), keeping the `svg` element
 * alone and dropping any script or foreign object; a click on a cell is posted back as
 * `{ type: 'reveal', row, col }`.
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
  body { background: var(--vscode-editor-background); color: var(--vscode-editor-foreground);
         font-family: var(--vscode-font-family); margin: 0; padding: 8px; }
  #status { font-size: 12px; opacity: 0.8; margin-bottom: 6px; }
  #board svg { max-width: 100%; height: auto; }
  #board [data-row] { cursor: pointer; }
  #board [data-row]:hover { stroke: var(--vscode-focusBorder); stroke-width: 2; }
</style>
</head>
<body>
<div id="status">Open a .board file.</div>
<div id="board" data-boardls-preview="true"></div>
<script nonce="${nonce}">
(function () {
  const vscode = acquireVsCodeApi();
  const board = document.getElementById('board');
  const status = document.getElementById('status');
  window.addEventListener('message', (event) => {
    const msg = event.data;
    if (msg.type === 'render') {
      const receivedAt = Date.now();
      // The HTML parser reads a large picture about ten times faster than DOMParser's XML one.
      const template = document.createElement('template');
      template.innerHTML = msg.svg;
      const svg = template.content.firstElementChild;
      if (!svg || svg.localName !== 'svg' || template.content.childElementCount !== 1) {
        status.textContent = 'The picture could not be read.';
        return;
      }
      for (const bad of svg.querySelectorAll('script, foreignObject')) bad.remove();
      // One swap of the whole picture: no blank frame between the old and the new.
      board.replaceChildren(document.adoptNode(svg));
      board.dataset.version = String(msg.version);
      board.dataset.timing = JSON.stringify(Object.assign({}, msg.timing, { receivedAt: receivedAt, drawnAt: Date.now() }));
      status.textContent = msg.title;
    } else if (msg.type === 'empty') {
      board.replaceChildren();
      status.textContent = msg.text;
    }
  });
  board.addEventListener('click', (event) => {
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
