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
