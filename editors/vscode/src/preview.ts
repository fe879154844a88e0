// The Board Preview: a webview beside the editor that shows the server's picture of the case
// under the cursor (`boardls/render`), follows the active .board editor, redraws when the text
// changes and when the server says new results are in (`boardls/results`), when the colour theme
// changes, and moves the cursor to a clicked cell. A new picture of the case shown, at the same
// size, is posted as the rows and other elements that changed, replaced in place by the page.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { LanguageClient, State } from 'vscode-languageclient/node';
import {
  cellPosition,
  PictureParts,
  pictureUpdate,
  previewHtml,
  Rendered,
  splitPicture,
  themeFor,
  Timing,
} from './previewModel';
import {
  back,
  caseLinesAt,
  caseNumberAt,
  emptyList,
  forward,
  FROM_PAGE,
  goTo,
  MoveList,
  newCaseLines,
  PLAY,
  PlayReport,
  playMove,
  requestMoves,
  TO_PAGE,
  verdictWords,
} from './analysisModel';

const RENDER = 'boardls/render';
/** How long a case's last picture stays while its new version is solved; a longer solve is
 * shown as being solved (no outcomes) until `boardls/results` says its results are in. */
const SOLVING_GRACE_MS = 1000;
/** Cursor moves and edits come in bursts (a keystroke moves the selection and changes text). */
const BURST_MS = 15;

export class BoardPreview implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private editor: vscode.TextEditor | undefined;
  private last: Rendered | undefined;
  /** The picture the page shows, split for comparing, and the version it was posted as. */
  private posted: { parts: PictureParts | undefined; version: number } | undefined;
  private sent = 0;
  private shown = 0;
  private timer: NodeJS.Timeout | undefined;
  /** Shows the solving picture once the grace period is over without results. */
  private graceTimer: NodeJS.Timeout | undefined;
  private held: { rendered: Rendered; version: number; timing: Timing } | undefined;
  /** When the shown document last changed and how many pictures were asked for since: the
   * page records them with each picture (the end-to-end test reads where the time goes). */
  private changedAt = 0;
  private asks = 0;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** The analysis board: the case analysed (document, version, number), its move list, the
   * number of the last `boardls/play` asked for and the last report shown. */
  private analysed: { uri: string; version: number; case: number } | undefined;
  private list: MoveList = emptyList;
  private playAsked = 0;
  private report: PlayReport | undefined;

  constructor(private readonly client: () => LanguageClient | undefined) {
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor((e) => {
        if (e && e.document.languageId === 'board') {
          this.editor = e;
          this.update();
        }
      }),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (e.textEditor === this.editor) this.update();
      }),
      vscode.window.onDidChangeActiveColorTheme(() => this.update(0)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (this.shows(e.document.uri)) {
          this.changedAt = Date.now();
          this.asks = 0;
          this.update();
        }
      }),
    );
  }

  /** Opens the preview (or shows it) for `editor`, in the active column or beside it. */
  open(editor: vscode.TextEditor | undefined, toSide: boolean): void {
    if (editor && editor.document.languageId === 'board') {
      this.editor = editor;
    }
    const column = toSide ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
    if (this.panel) {
      this.panel.reveal(column, toSide);
    } else {
      this.panel = vscode.window.createWebviewPanel(
        'boardls.preview',
        'Board Preview',
        { viewColumn: column, preserveFocus: toSide },
        { enableScripts: true, localResourceRoots: [], retainContextWhenHidden: true },
      );
      const nonce = randomBytes(16).toString('base64');
      this.panel.webview.html = previewHtml(nonce, this.panel.webview.cspSource);
      this.panel.webview.onDidReceiveMessage((msg) => this.onMessage(msg));
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.last = undefined;
        this.posted = undefined;
        this.analysed = undefined;
        this.report = undefined;
        this.stopGrace();
      });
    }
    this.update(0);
  }

  private shows(uri: vscode.Uri): boolean {
    return this.editor !== undefined && this.editor.document.uri.toString() === uri.toString();
  }

  /** The server stopped or could not start: the page says so instead of a stale picture. */
  serverGone(): void {
    this.update(0);
  }

  /** The server has new results for `uri` (`boardls/results`): redraw at once if it is shown. */
  results(uri: vscode.Uri): void {
    if (this.shows(uri)) this.update(0);
  }

  private update(delay = BURST_MS): void {
    if (!this.panel) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.render();
    }, delay);
  }

  private async render(): Promise<void> {
    const panel = this.panel;
    const editor = this.editor;
    const client = this.client();
    if (!panel || !editor) return;
    if (!client || client.state !== State.Running) {
      this.empty('The boardls server is not running.');
      return;
    }
    const version = ++this.sent;
    this.asks += 1;
    const timing: Timing = { changedAt: this.changedAt, asks: this.asks, requestedAt: Date.now() };
    let rendered: Rendered | null;
    try {
      rendered = await client.sendRequest<Rendered | null>(RENDER, {
        textDocument: { uri: client.code2ProtocolConverter.asUri(editor.document.uri) },
        position: editor.selection.active,
        theme: themeFor(vscode.window.activeColorTheme.kind),
      });
    } catch (err) {
      this.empty(`No picture: ${String(err)}`);
      return;
    }
    timing.answeredAt = Date.now();
    // An answer to an older request arriving late must not replace a newer picture.
    if (version < this.shown) return;
    this.shown = version;
    if (!rendered) {
      this.stopGrace();
      this.empty('No case to draw.');
      return;
    }
    // While the case is solved, its last picture stays instead of a flash without outcomes;
    // `boardls/results` brings the redraw. A solve longer than the grace period is shown as
    // being solved.
    if (rendered.solving && this.last?.title === rendered.title) {
      this.held = { rendered, version, timing };
      this.graceTimer ??= setTimeout(() => {
        this.graceTimer = undefined;
        const held = this.held;
        this.held = undefined;
        if (held && held.version === this.shown) this.show(held.rendered, held.version, held.timing);
      }, SOLVING_GRACE_MS);
      return;
    }
    if (!rendered.solving) this.stopGrace();
    this.show(rendered, version, timing);
    this.follow(editor.document, rendered);
  }

  /** The case under the cursor is analysed: another case, or a changed text, starts again from
   * the case's own position (its `moves = …`); the same one keeps its move list. */
  private follow(document: vscode.TextDocument, rendered: Rendered): void {
    const lines = document.getText().split(/\r?\n/);
    const number = caseNumberAt(lines, rendered.range.start.line);
    const key = { uri: document.uri.toString(), version: document.version, case: number };
    const a = this.analysed;
    if (a && a.uri === key.uri && a.version === key.version && a.case === key.case) return;
    this.analysed = key;
    this.list = emptyList;
    void this.analyse();
  }

  /** Asks for the position of the move list; an answer to an older request is dropped. */
  private async analyse(): Promise<void> {
    const client = this.client();
    const editor = this.editor;
    const a = this.analysed;
    if (!client || !editor || !a || !this.panel) return;
    const asked = ++this.playAsked;
    const list = this.list;
    let report: PlayReport | null = null;
    let error: string | undefined;
    try {
      report = await client.sendRequest<PlayReport | null>(PLAY, {
        textDocument: { uri: client.code2ProtocolConverter.asUri(editor.document.uri) },
        case: a.case,
        moves: requestMoves(list),
      });
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    if (asked !== this.playAsked) return;
    this.report = report ?? undefined;
    void this.panel?.webview.postMessage({
      type: TO_PAGE,
      version: asked,
      list,
      report,
      error,
      words: report ? verdictWords(report) : undefined,
    });
  }

  private step(list: MoveList): void {
    this.list = list;
    void this.analyse();
  }

  /** Writes the position shown into the file as a new case after the analysed one (undoable). */
  private async addCase(): Promise<void> {
    const editor = this.editor;
    const report = this.report;
    if (!editor || !report || !this.last) return;
    const document = editor.document;
    const lines = document.getText().split(/\r?\n/);
    const at = caseLinesAt(lines, this.last.range.start.line);
    if (!at) return;
    const text = newCaseLines(lines.slice(at.start, at.end), report.played, report.answer);
    const eol = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
    // After the case's last non-blank line, with one blank line before it.
    let end = at.end;
    while (end > at.start + 1 && /^\s*$/.test(lines[end - 1])) end--;
    const edit = new vscode.WorkspaceEdit();
    const where = end < lines.length ? new vscode.Position(end, 0) : document.lineAt(lines.length - 1).range.end;
    const inserted = end < lines.length ? eol + text.join(eol) + eol : eol + eol + text.join(eol) + eol;
    edit.insert(document.uri, where, inserted);
    await vscode.workspace.applyEdit(edit);
  }

  private show(rendered: Rendered, version: number, timing: Timing): void {
    if (!this.panel) return;
    // The same picture again (a result that changed nothing shown, a cursor move in the case):
    // no message, no redraw.
    if (this.posted && this.last && this.last.svg === rendered.svg && this.last.title === rendered.title) {
      this.last = rendered;
      return;
    }
    this.last = rendered;
    this.panel.title = `Board Preview: ${rendered.title}`;
    // Carrying a large picture to the page and drawing it again is most of an update's time:
    // of a picture like the one shown, only the elements that changed are posted.
    const parts = splitPicture(rendered.svg, rendered.title);
    const update = pictureUpdate(this.posted?.parts, parts);
    if (update.kind === 'same') {
      this.posted = { parts, version: this.posted?.version ?? version };
      return;
    }
    const base = this.posted?.version;
    this.posted = { parts, version };
    timing.postedAt = Date.now();
    if (update.kind === 'parts' && base !== undefined) {
      timing.bytes = update.parts.reduce((n, p) => n + p.svg.length, 0);
      timing.replaced = update.parts.length;
      void this.panel.webview.postMessage({
        type: 'patch',
        parts: update.parts,
        count: update.count,
        base,
        title: rendered.title,
        version,
        timing,
      });
    } else {
      timing.bytes = rendered.svg.length;
      timing.replaced = 0;
      void this.panel.webview.postMessage({ type: 'render', svg: rendered.svg, title: rendered.title, version, timing });
    }
  }

  /** Shows `text` instead of a picture; the next picture is posted whole. */
  private empty(text: string): void {
    this.posted = undefined;
    void this.panel?.webview.postMessage({ type: 'empty', text });
  }

  private stopGrace(): void {
    if (this.graceTimer) clearTimeout(this.graceTimer);
    this.graceTimer = undefined;
    this.held = undefined;
  }

  private onMessage(msg: { type?: string; row?: number; col?: number; move?: string; at?: number }): void {
    switch (msg.type) {
      case FROM_PAGE.play:
        if (typeof msg.move === 'string' && this.report?.moves.some((m) => m.move === msg.move)) {
          this.step(playMove(this.list, msg.move));
        }
        return;
      case FROM_PAGE.back:
        this.step(back(this.list));
        return;
      case FROM_PAGE.forward:
        this.step(forward(this.list));
        return;
      case FROM_PAGE.goto:
        this.step(goTo(this.list, Number(msg.at)));
        return;
      case FROM_PAGE.best:
        if (this.report && this.report.best.length > 0) this.step(playMove(this.list, this.report.best[0]));
        return;
      case FROM_PAGE.addCase:
        void this.addCase();
        return;
    }
    if (msg.type === 'resync') {
      // The page could not apply a patch (it shows something else): post the next one whole.
      this.posted = undefined;
      this.update(0);
      return;
    }
    if (msg.type !== 'reveal' || !this.last || !this.editor) return;
    const at = cellPosition(this.last, Number(msg.row), Number(msg.col));
    const position = new vscode.Position(at.line, at.character);
    void vscode.window
      .showTextDocument(this.editor.document, { viewColumn: this.editor.viewColumn, preserveFocus: false })
      .then((editor) => {
        editor.selection = new vscode.Selection(position, position);
        editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      });
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.stopGrace();
    this.panel?.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
