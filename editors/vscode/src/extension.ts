// The boardls extension: starts `boardls lsp` over stdio for `.board` files (the binary from
// `boardls.server.path`, else the one inside a platform package, else `boardls` on PATH) and adds
// commands (fill in expected answers, export judge tests, restart, the server's path for tasks,
// the Board Preview).
// Everything a user sees about the games (lenses, diagnostics, hovers, coloured cells) comes from
// the server.
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  ClientCapabilities,
  DocumentDiagnosticRequest,
  ExecuteCommandRequest,
  FeatureState,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  State,
  StaticFeature,
} from 'vscode-languageclient/node';
import { BoardPreview } from './preview';
import { chooseServer, ServerChoice } from './serverPath';
import { cliFlags, initializationOptions, readSolveSettings, SolveSettings, userSection } from './settings';

const LANGUAGE_ID = 'board';
/** The server's notification that results of a document are in, and the capability asking for it. */
const RESULTS = 'boardls/results';
const RESULTS_CAPABILITY = 'boardlsResults';
// Notifications show plain text: no Markdown quotes around the commands.
/** The pulls to make in full once (restoreServerDiagnostics): these documents, the workspace. */
const repullInFull = { documents: new Set<string>(), workspace: false };
const INSTALL_HINT =
  'Install the boardls extension for your platform (it carries the server), or install the server with "cargo install --path ." in the boardls repository, or set boardls.server.path to the binary.';
const SETTING_HINT = 'Correct boardls.server.path, or clear it to use the bundled server or boardls on PATH.';

let client: LanguageClient | undefined;
/** A restart for a new binary is under way: the old server is told nothing more. */
let restartPending = false;
let output: vscode.OutputChannel;
let preview: BoardPreview | undefined;
let extensionPath: string;
let statusItem: vscode.StatusBarItem;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel('boardls');
  extensionPath = context.extensionPath;
  preview = new BoardPreview(() => client);
  statusItem = vscode.window.createStatusBarItem('boardls.status', vscode.StatusBarAlignment.Left, 0);
  statusItem.name = 'boardls';
  statusItem.command = 'workbench.actions.view.problems';
  showStatus(AT_REST);
  context.subscriptions.push(
    output,
    preview,
    statusItem,
    vscode.window.onDidChangeActiveTextEditor(updateStatusVisibility),
    vscode.commands.registerCommand('boardls.openPreview', () => preview?.open(vscode.window.activeTextEditor, false)),
    vscode.commands.registerCommand('boardls.openPreviewToSide', () =>
      preview?.open(vscode.window.activeTextEditor, true),
    ),
    vscode.commands.registerCommand('boardls.fillAllExpected', fillAllExpected),
    vscode.commands.registerCommand('boardls.exportTests', exportTests),
    vscode.commands.registerCommand('boardls.restartServer', restartServer),
    vscode.commands.registerCommand('boardls.showOutput', () => output.show()),
    // For tasks: `"command": "${command:boardls.serverPath}"` runs the same binary as the editor.
    vscode.commands.registerCommand('boardls.serverPath', async () => (await serverBinary('run a task'))?.path),
    // Trusting the workspace makes boardls.server.path count: start the binary it names.
    vscode.workspace.onDidGrantWorkspaceTrust(() => void restartServer()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      // Only another binary or its arguments need a new server: the server asks for the other
      // settings (`workspace/configuration`) when the client tells it they changed (it
      // registers for `workspace/didChangeConfiguration`), and keeps its solved results. This
      // listener runs before the client's: the flag keeps the client from notifying a server
      // being stopped for the restart, a failure it would show as a second error toast.
      if (e.affectsConfiguration('boardls.server')) {
        restartPending = true;
        void restartServer();
      }
    }),
    // A `boardls check` task's findings (the $boardls matcher) share the server's owner, so one
    // mistake is one row; but a task cleans the owner's rows of every file it did not report.
    // The server's findings are put back once the task's matcher is done (see editors/README.md).
    vscode.tasks.onDidEndTaskProcess((e) => {
      void matcherDone().then((how) => {
        const files = restoreServerDiagnostics();
        if (files !== undefined) {
          output.appendLine(
            `task "${e.execution.task.name}" ended (exit code ${e.exitCode ?? '?'}): after the matcher's ${how}, the server's findings asked for again (${files} open file(s) and the workspace)`,
          );
        }
      });
    }),
  );
  restarting = startServer();
  await restarting;
}

export async function deactivate(): Promise<void> {
  await stopServer();
}

// Only what the user set is sent: unset, the server's own defaults stand, and an older binary
// without a flag still runs an export with the defaults.
function solveSettings(): SolveSettings {
  const config = vscode.workspace.getConfiguration('boardls');
  return readSolveSettings((key, fallback) => {
    const set = config.inspect(key);
    return (set?.workspaceFolderValue ?? set?.workspaceValue ?? set?.globalValue ?? fallback) as typeof fallback;
  });
}

function firstWorkspaceFolder(): string | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
}

/** The server binary, or undefined after telling the user (who wanted to `purpose`) the fix. */
async function serverBinary(purpose: string): Promise<ServerChoice | undefined> {
  const setting = vscode.workspace.getConfiguration('boardls').get<string>('server.path', '');
  const choice = chooseServer({
    setting,
    trusted: vscode.workspace.isTrusted,
    extensionPath,
    workspaceFolder: firstWorkspaceFolder(),
  });
  if (choice.ignoredSetting !== undefined) {
    output.appendLine(
      `boardls.server.path (${choice.ignoredSetting}) is ignored in Restricted Mode: trust the workspace to use it.`,
    );
  }
  if ('path' in choice) {
    return choice;
  }
  const hint = setting.trim() !== '' && vscode.workspace.isTrusted ? SETTING_HINT : INSTALL_HINT;
  const message = `boardls: cannot ${purpose}: ${choice.error} ${hint}`;
  output.appendLine(message);
  if (!client) {
    showNotRunning(choice.error);
  }
  void vscode.window.showErrorMessage(message, 'Open Settings', 'Retry').then((picked) => {
    if (picked === 'Open Settings') {
      void vscode.commands.executeCommand('workbench.action.openSettings', 'boardls.server.path');
    } else if (picked === 'Retry') {
      void restartServer();
    }
  });
  return undefined;
}

const SOURCE_WORDS: Record<ServerChoice['source'], string> = {
  setting: 'the server from boardls.server.path',
  bundled: 'the server bundled with the extension',
  PATH: 'the server on PATH',
};

/** `boardls --version`, or why it could not be read (the start that follows says more). */
function serverVersion(command: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(command, ['--version'], { timeout: 10000 }, (err, stdout) => {
      resolve(err ? `--version failed: ${err.message.split('\n')[0]}` : String(stdout).trim());
    });
  });
}

async function startServer(): Promise<void> {
  restartPending = false;
  const server = await serverBinary('start the language server');
  if (!server) {
    return;
  }
  const command = server.path;
  const extraArgs = vscode.workspace.getConfiguration('boardls').get<string[]>('server.extraArgs', []);
  // No `transport` here: the client would append `--stdio`, which the server accepts but needs not.
  const serverOptions: ServerOptions = {
    run: { command, args: ['lsp', ...extraArgs] },
    debug: { command, args: ['lsp', ...extraArgs] },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: LANGUAGE_ID },
      { scheme: 'untitled', language: LANGUAGE_ID },
    ],
    outputChannel: output,
    initializationOptions: initializationOptions(solveSettings()),
    middleware: {
      // After a task has cleaned the server's rows (see restoreServerDiagnostics), the next
      // pulls ask without the previous result ids: the server answers in full, and the client
      // sets every file's findings again.
      provideDiagnostics: (document, previousResultId, token, next) => {
        const uri = (document instanceof vscode.Uri ? document : document.uri).toString();
        const full = repullInFull.documents.delete(uri);
        return next(document, full ? undefined : previousResultId, token);
      },
      provideWorkspaceDiagnostics: (resultIds, token, resultReporter, next) => {
        const full = repullInFull.workspace;
        repullInFull.workspace = false;
        return next(full ? [] : resultIds, token, resultReporter);
      },
      // The server lays the editor's settings over each file's boardls.toml: it gets only what
      // the user set, not package.json's defaults for the rest.
      workspace: {
        didChangeConfiguration: (sections, next) =>
          restartPending || client?.state !== State.Running ? Promise.resolve() : next(sections),
        configuration: async (params, token, next) => {
          const answer = await next(params, token);
          if (!Array.isArray(answer)) {
            return answer;
          }
          return params.items.map((item, i) => {
            if (item.section !== 'boardls') {
              return answer[i];
            }
            const scope = item.scopeUri !== undefined ? vscode.Uri.parse(item.scopeUri) : undefined;
            const config = vscode.workspace.getConfiguration('boardls', scope);
            return userSection((key) => config.inspect(key));
          });
        },
      },
    },
    // The trace setting is read by the client from `boardls.trace.server` (its id is `boardls`).
  };
  output.appendLine(`starting ${SOURCE_WORDS[server.source]}: ${command} (${await serverVersion(command)})`);
  output.appendLine(`$ ${command} lsp ${extraArgs.join(' ')}`.trimEnd());
  client = new LanguageClient('boardls', 'boardls', serverOptions, clientOptions);
  const started = client;
  client.onDidChangeState((e) => {
    if (e.newState === State.Stopped && client === started) {
      showNotRunning('it stopped');
    } else if (e.newState === State.Running) {
      showStatus(AT_REST);
    }
  });
  client.registerFeature(new StatusFeature());
  client.onNotification(STATUS_NOTIFICATION, showStatus);
  // The preview redraws when the server says a document's results are in.
  client.registerFeature(new ResultsFeature());
  client.onNotification(RESULTS, (params: { textDocument: { uri: string } }) => {
    preview?.results(started.protocol2CodeConverter.asUri(params.textDocument.uri));
  });
  try {
    await client.start();
  } catch (err) {
    const message = `boardls: the language server failed to start (${command}): ${String(err)}`;
    output.appendLine(message);
    showNotRunning(String(err));
    void vscode.window.showErrorMessage(message, 'Show Output').then((choice) => {
      if (choice) {
        output.show();
      }
    });
  }
}

/** Asks the server for `boardls/results` (the experimental client capability `boardlsResults`). */
class ResultsFeature implements StaticFeature {
  fillClientCapabilities(capabilities: ClientCapabilities): void {
    capabilities.experimental = { ...(capabilities.experimental ?? {}), [RESULTS_CAPABILITY]: true };
  }
  initialize(): void {}
  getState(): FeatureState {
    return { kind: 'static' };
  }
  clear(): void {}
}

async function stopServer(): Promise<void> {
  const old = client;
  client = undefined;
  if (old && old.state !== State.Stopped) {
    try {
      await old.stop(2000);
    } catch (err) {
      output.appendLine(`stopping the server: ${String(err)}`);
    }
  }
}

// Restarts are queued: a settings change and a click on Retry must not start two clients.
let restarting: Promise<void> = Promise.resolve();

function restartServer(): Promise<void> {
  restarting = restarting.then(async () => {
    await stopServer();
    await startServer();
  });
  return restarting;
}

function activeBoardDocument(): vscode.TextDocument | undefined {
  const doc = vscode.window.activeTextEditor?.document;
  return doc && doc.languageId === LANGUAGE_ID ? doc : undefined;
}

async function fillAllExpected(): Promise<void> {
  const doc = activeBoardDocument();
  if (!doc) {
    void vscode.window.showWarningMessage('boardls: open a .board file first.');
    return;
  }
  if (!client || client.state !== State.Running) {
    void vscode.window.showWarningMessage('boardls: the language server is not running (see the boardls output).');
    return;
  }
  // The server answers with workspace/applyEdit, which the client applies to the document.
  await client.sendRequest(ExecuteCommandRequest.type, {
    command: 'boardls.writeAllExpect',
    arguments: [client.code2ProtocolConverter.asUri(doc.uri)],
  });
}

async function exportTests(): Promise<void> {
  const command = (await serverBinary('export tests'))?.path;
  if (!command) {
    return;
  }
  const doc = activeBoardDocument();
  const folders = vscode.workspace.workspaceFolders ?? [];
  type Source = vscode.QuickPickItem & { paths: string[] };
  const sources: Source[] = [];
  if (doc && doc.uri.scheme === 'file') {
    sources.push({ label: path.basename(doc.uri.fsPath), description: 'this file', paths: [doc.uri.fsPath] });
  }
  if (folders.length > 0) {
    sources.push({
      label: folders.map((f) => f.name).join(', '),
      description: 'every .board file in the workspace',
      paths: folders.map((f) => f.uri.fsPath),
    });
  }
  if (sources.length === 0) {
    void vscode.window.showWarningMessage('boardls: open a .board file or a folder to export.');
    return;
  }
  const source =
    sources.length === 1 ? sources[0] : await vscode.window.showQuickPick(sources, { title: 'boardls: export which boards?' });
  if (!source) {
    return;
  }
  const picked = await vscode.window.showOpenDialog({
    canSelectFolders: true,
    canSelectFiles: false,
    canSelectMany: false,
    openLabel: 'Export here',
    title: 'boardls: folder for the judge tests (NN.in / NN.ans)',
    defaultUri: folders[0]?.uri,
  });
  if (!picked || picked.length === 0) {
    return;
  }
  const outDir = picked[0].fsPath;
  // The CLI reads the files from disk: save edited boards first so what is exported is what is seen.
  for (const d of vscode.workspace.textDocuments) {
    if (d.isDirty && d.languageId === LANGUAGE_ID && d.uri.scheme === 'file') {
      await d.save();
    }
  }
  const args = ['export', ...cliFlags(solveSettings()), ...source.paths, '--out', outDir];
  output.appendLine(`$ ${command} ${args.join(' ')}`);
  const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(command, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
  if (result.stdout) {
    output.append(result.stdout);
  }
  if (result.stderr) {
    output.append(result.stderr);
  }
  if (result.code === 0) {
    // Show the folder where it can be shown: the Explorer when it is in the workspace, the
    // system's file manager on a desktop; in a browser (code-server) neither reaches it.
    const outUri = vscode.Uri.file(outDir);
    const inWorkspace = vscode.workspace.getWorkspaceFolder(outUri) !== undefined;
    const onDesktop = vscode.env.uiKind === vscode.UIKind.Desktop && vscode.env.remoteName === undefined;
    const actions = inWorkspace ? ['Show in Explorer'] : onDesktop ? ['Reveal in File Manager'] : [];
    const choice = await vscode.window.showInformationMessage(`boardls: tests exported to ${outDir}`, ...actions);
    if (choice === 'Show in Explorer') {
      await vscode.commands.executeCommand('revealInExplorer', outUri);
    } else if (choice) {
      await vscode.commands.executeCommand('revealFileInOS', outUri);
    }
  } else {
    const firstLine = result.stderr.split('\n').find((l) => l.trim()) ?? `exit code ${result.code}`;
    const choice = await vscode.window.showErrorMessage(`boardls export failed: ${firstLine}`, 'Show Output');
    if (choice) {
      output.show();
    }
  }
}

// `boardls/status` (see the server's README, "Status"): sent when the count of cases being solved
// or left unsolved changes, to a client that announces the experimental capability.
const STATUS_NOTIFICATION = 'boardls/status';

interface Status {
  solving: number;
  unsolved: number;
  /** "3 solving, 1 unsolved"; empty when there is nothing to say. */
  message: string;
}

class StatusFeature implements StaticFeature {
  fillClientCapabilities(capabilities: ClientCapabilities): void {
    capabilities.experimental = { ...(capabilities.experimental as object | undefined), boardlsStatus: true };
  }
  initialize(): void {}
  getState(): { kind: 'static' } {
    return { kind: 'static' };
  }
  clear(): void {}
}

const AT_REST: Status = { solving: 0, unsolved: 0, message: '' };
const NOT_RUNNING = '$(error) boardls: not running';

function showStatus(status: Status): void {
  const icon = status.solving > 0 ? '$(sync~spin)' : status.unsolved > 0 ? '$(warning)' : '$(check)';
  statusItem.text = status.message ? `${icon} boardls: ${status.message}` : `${icon} boardls`;
  statusItem.tooltip =
    status.solving > 0 || status.unsolved > 0
      ? `${status.solving} case(s) being solved, ${status.unsolved} left unsolved within the budget (W211). Click for the Problems panel.`
      : 'boardls: every case solved';
  statusItem.command = 'workbench.actions.view.problems';
  statusItem.backgroundColor = undefined;
  updateStatusVisibility();
}

/** The status item when no server runs: says so, and a click shows the output (why, and Retry). */
function showNotRunning(why: string): void {
  statusItem.text = NOT_RUNNING;
  statusItem.tooltip = `The boardls language server is not running: ${why}. Click for the boardls output; run "boardls: Restart server" after fixing it.`;
  statusItem.command = 'boardls.showOutput';
  statusItem.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
  updateStatusVisibility();
  preview?.serverGone();
}

/** How long a task's matcher may take to finish after its process ended (VS Code: 100 ms). */
const MATCHER_DONE_MS = 2000;

/**
 * Resolves once the problem matcher of a task whose process just ended has finished. VS Code's
 * task system fires the process-end event first and, 100 ms later on a timer of its own, reports
 * the matcher's last rows and cleans the rows of the files it did not report: rows set again
 * before that would be cleaned too. That clean-up reaches the extension as one change of a
 * `.board` file's diagnostics; a run with nothing to report or clean changes nothing, so the
 * wait ends after `MATCHER_DONE_MS` at the latest. Says which of the two ended it.
 */
function matcherDone(): Promise<'clean-up' | 'time limit'> {
  return new Promise((resolve) => {
    const finish = (how: 'clean-up' | 'time limit') => {
      clearTimeout(timer);
      listener.dispose();
      resolve(how);
    };
    const listener = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((uri) => uri.path.endsWith('.board'))) finish('clean-up');
    });
    const timer = setTimeout(() => finish('time limit'), MATCHER_DONE_MS);
  });
}

/**
 * The server's findings asked for again in full, to be set over what a task's matcher cleaned:
 * the matcher shares the owner (`boardls`, the server's diagnostic identifier) so that one
 * mistake is one row, and a task run removes that owner's rows of the files it did not report.
 * Returns how many open documents are pulled again (the workspace's files come with the next
 * workspace pull), or undefined without a running server.
 */
function restoreServerDiagnostics(): number | undefined {
  if (!client || client.state !== State.Running) return undefined;
  const boards = vscode.workspace.textDocuments.filter((d) => d.languageId === LANGUAGE_ID);
  for (const d of boards) repullInFull.documents.add(d.uri.toString());
  repullInFull.workspace = true;
  // One provider serves every board document (one registration): firing it pulls each open one.
  const feature = client.getFeature(DocumentDiagnosticRequest.method);
  const first = boards[0];
  if (first) feature?.getProvider(first)?.onDidChangeDiagnosticsEmitter.fire();
  return boards.length;
}

// Shown while a .board file is in front, or while something is still being solved.
function updateStatusVisibility(): void {
  const busy = statusItem.text !== '$(check) boardls' && statusItem.text !== NOT_RUNNING;
  if (activeBoardDocument() || busy) {
    statusItem.show();
  } else {
    statusItem.hide();
  }
}
