// Where the `boardls` binary is, from the `boardls.server.path` setting. No `vscode` import, so
// that test/unit can run it under plain Node.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** What `boardls.server.path` names, resolved to an existing file, or the reason it is not one. */
export function resolveServerPath(
  setting: string,
  workspaceFolder: string | undefined,
  envPath: string | undefined = process.env.PATH,
): { path: string } | { error: string } {
  let value = setting.trim() || 'boardls';
  if (value === '~' || value.startsWith('~/')) {
    value = path.join(os.homedir(), value.slice(1));
  }
  if (value.includes('${workspaceFolder}')) {
    if (!workspaceFolder) {
      return { error: `${setting} uses \${workspaceFolder} but no folder is open.` };
    }
    value = value.split('${workspaceFolder}').join(workspaceFolder);
  }
  const isBareName = !value.includes('/') && !value.includes(path.sep);
  if (isBareName) {
    const exts = process.platform === 'win32' ? ['', '.exe', '.cmd'] : [''];
    for (const dir of (envPath ?? '').split(path.delimiter).filter(Boolean)) {
      for (const ext of exts) {
        const candidate = path.join(dir, value + ext);
        if (isExecutableFile(candidate)) {
          return { path: candidate };
        }
      }
    }
    return { error: `"${value}" was not found on PATH.` };
  }
  const absolute = path.isAbsolute(value) ? value : path.resolve(workspaceFolder ?? process.cwd(), value);
  if (!fs.existsSync(absolute)) {
    return { error: `${absolute} does not exist.` };
  }
  if (!isExecutableFile(absolute)) {
    return { error: `${absolute} is not an executable file.` };
  }
  return { path: absolute };
}

function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) {
      return false;
    }
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where the server that is started comes from, in the order they are tried. */
export type ServerSource = 'setting' | 'bundled' | 'PATH';

export interface ServerChoice {
  path: string;
  source: ServerSource;
  /** Set when `boardls.server.path` was set but not used (an untrusted workspace). */
  ignoredSetting?: string;
}

export interface ServerLookup {
  /** `boardls.server.path`; empty or unset: not set. */
  setting: string | undefined;
  /** Whether the workspace is trusted: in Restricted Mode the setting is not used at all. */
  trusted: boolean;
  /** The extension's own folder, which holds `server/boardls` in a platform package. */
  extensionPath: string;
  workspaceFolder: string | undefined;
  envPath?: string | undefined;
  platform?: NodeJS.Platform;
}

/** The binary a platform package carries (the universal package has none). */
export function bundledServerPath(extensionPath: string, platform: NodeJS.Platform = process.platform): string {
  return path.join(extensionPath, 'server', platform === 'win32' ? 'boardls.exe' : 'boardls');
}

/**
 * The server to start: `boardls.server.path` when set (and the workspace is trusted), else the
 * binary inside the extension, else `boardls` on PATH. A set path that is wrong is an error, not
 * a reason to start another binary than the one asked for.
 */
export function chooseServer(lookup: ServerLookup): ServerChoice | { error: string; ignoredSetting?: string } {
  const setting = lookup.setting?.trim() ?? '';
  const ignoredSetting = setting !== '' && !lookup.trusted ? setting : undefined;
  if (setting !== '' && lookup.trusted) {
    const resolved = resolveServerPath(setting, lookup.workspaceFolder, lookup.envPath);
    return 'path' in resolved ? { path: resolved.path, source: 'setting' } : resolved;
  }
  const bundled = bundledServerPath(lookup.extensionPath, lookup.platform);
  if (fs.existsSync(bundled) && ensureExecutable(bundled, lookup.platform ?? process.platform)) {
    return { path: bundled, source: 'bundled', ignoredSetting };
  }
  const onPath = resolveServerPath('boardls', undefined, lookup.envPath);
  if ('path' in onPath) {
    return { path: onPath.path, source: 'PATH', ignoredSetting };
  }
  return { error: 'no server is bundled with this extension and "boardls" was not found on PATH.', ignoredSetting };
}

// A package unpacked by a tool that drops file modes leaves the binary without its x bit.
function ensureExecutable(file: string, platform: NodeJS.Platform): boolean {
  if (isExecutableFile(file) || platform === 'win32') {
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  }
  try {
    fs.chmodSync(file, 0o755);
  } catch {
    return false;
  }
  return isExecutableFile(file);
}
