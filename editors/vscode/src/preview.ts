// The Board Preview: a webview beside the editor that shows the server's picture of the case
// under the cursor (`boardls/render`), follows the active .board editor, redraws when results
// arrive or the colour theme changes, and moves the cursor to a clicked cell.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { LanguageClient, State } from 'vscode-languageclient/node';
import { cellPosition, previewHtml, Rendered, themeFor } from './previewModel';

const RENDER = 'boardls/render';
/** How long a case's last picture stays while its new version is solved (asked again every
 * `SOLVING_POLL_MS`); a longer solve is shown as being solved until its result arrives. */
const SOLVING_GRACE_MS = 1000;
const SOLVING_POLL_MS = 20;

export class BoardPreview implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private editor: vscode.TextEditor | undefined;
  private last: Rendered | undefined;
  private sent = 0;
  private shown = 0;
  private timer: NodeJS.Timeout | undefined;
  /** Since when the case shown has been answered "being solved". */
  private solvingSince: number | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];

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
      vscode.workspace.onDidChangeTextDocument((e) => this.refresh(e.document.uri)),
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
      });
    }
    this.update(0);
  }

  /** New results or a new text for `uri`: redraw if it is the document shown. */
  refresh(uri: vscode.Uri): void {
    if (this.editor && this.editor.document.uri.toString() === uri.toString()) {
      this.update();
    }
  }

  /** Redraws soon: events come in bursts (a keystroke moves the selection and changes text). */
  private update(delay = 15): void {
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
      void panel.webview.postMessage({ type: 'empty', text: 'The boardls server is not running.' });
      return;
    }
    const version = ++this.sent;
    let rendered: Rendered | null;
    try {
      rendered = await client.sendRequest<Rendered | null>(RENDER, {
        textDocument: { uri: client.code2ProtocolConverter.asUri(editor.document.uri) },
        position: editor.selection.active,
        theme: themeFor(vscode.window.activeColorTheme.kind),
      });
    } catch (err) {
      void panel.webview.postMessage({ type: 'empty', text: `No picture: ${String(err)}` });
      return;
    }
    // An answer to an older request arriving late must not replace a newer picture.
    if (version < this.shown) return;
    this.shown = version;
    if (!rendered) {
      void panel.webview.postMessage({ type: 'empty', text: 'No case to draw.' });
      return;
    }
    // While a quick solve runs, the case's last picture stays instead of a flash without
    // outcomes, and the server is asked again shortly (a result that changes no diagnostic
    // would otherwise wait for the lens refresh, which VS Code debounces).
    if (rendered.solving && this.last?.title === rendered.title) {
      const now = Date.now();
      this.solvingSince ??= now;
      if (now - this.solvingSince < SOLVING_GRACE_MS) {
        this.update(SOLVING_POLL_MS);
        return;
      }
    } else if (!rendered.solving) {
      this.solvingSince = undefined;
    }
    this.last = rendered;
    panel.title = `Board Preview: ${rendered.title}`;
    void panel.webview.postMessage({ type: 'render', svg: rendered.svg, title: rendered.title, version });
  }

  private onMessage(msg: { type?: string; row?: number; col?: number }): void {
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
    this.panel?.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
