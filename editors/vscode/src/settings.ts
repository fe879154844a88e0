// The solve budget and silenced codes, from the `boardls.solve.*` and `boardls.diagnostics.allow`
// settings to what the server takes: `initializationOptions` for `boardls lsp`, flags for the
// `boardls export` the extension runs. No `vscode` import, so test/unit runs it under plain Node.

/** Reads one setting the user has set, or `fallback`. */
export type Get = <T>(key: string, fallback: T) => T;

export interface SolveSettings {
  /** Each is unset when its setting is not a usable number: the server's default stands. */
  timeMs?: number;
  nodes?: number;
  memoryMb?: number;
  allow: string[];
}

// Settings are user-edited JSON: anything can arrive, so keep only what the server accepts and
// let its own defaults stand for the rest.
function count(value: unknown, min: number): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min ? value : undefined;
}

export function readSolveSettings(get: Get): SolveSettings {
  const seconds = get<unknown>('solve.timeSeconds', undefined);
  const timeMs =
    typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0
      ? count(Math.round(seconds * 1000), 0)
      : undefined;
  const allow = get<unknown>('diagnostics.allow', []);
  return {
    timeMs,
    nodes: count(get<unknown>('solve.nodes', undefined), 0),
    // 0 MiB fits no solve: the server ignores it, so it is not sent.
    memoryMb: count(get<unknown>('solve.memoryMb', undefined), 1),
    allow: Array.isArray(allow)
      ? [
          ...new Set(
            allow
              .filter((c): c is string => typeof c === 'string')
              .map((c) => c.trim().toUpperCase())
              .filter((c) => c !== ''),
          ),
        ]
      : [],
  };
}

/** The `initializationOptions` of `boardls lsp` (see the server's README, "Caps and budgets"). */
export function initializationOptions(s: SolveSettings): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  if (s.timeMs !== undefined) {
    options.solveTimeMs = s.timeMs;
  }
  if (s.nodes !== undefined) {
    options.solveNodes = s.nodes;
  }
  if (s.memoryMb !== undefined) {
    options.solveMemoryMb = s.memoryMb;
  }
  if (s.allow.length > 0) {
    options.allow = s.allow;
  }
  return options;
}

/** The same as command-line flags of `boardls lsp` and `boardls export` (they follow the subcommand). */
export function cliFlags(s: SolveSettings): string[] {
  const flags: string[] = [];
  if (s.timeMs !== undefined) {
    flags.push('--time', String(s.timeMs / 1000));
  }
  if (s.nodes !== undefined) {
    flags.push('--nodes', String(s.nodes));
  }
  if (s.memoryMb !== undefined) {
    flags.push('--memory', String(s.memoryMb));
  }
  for (const code of s.allow) {
    // One token, so that no code can be taken for a flag of its own.
    flags.push(`--allow=${code}`);
  }
  return flags;
}

/** What `WorkspaceConfiguration.inspect` tells of one setting, in the scopes a user sets. */
export interface Inspected {
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

/** The keys of the `boardls` section the server reads (`workspace/configuration`). */
export const SERVER_KEYS = [
  'solve.timeSeconds',
  'solve.nodes',
  'solve.memoryMb',
  'solve.cacheMb',
  'diagnostics.allow',
  'workspace.diagnostics',
  'suite.diagnostics',
];

/**
 * The `boardls` section as the server is to get it: only the values the user set (folder, then
 * workspace, then user settings), nested as the section is. VS Code's own answer fills unset
 * settings with package.json's defaults, which would always override a project's boardls.toml.
 */
export function userSection(inspect: (key: string) => Inspected | undefined): Record<string, unknown> {
  const section: Record<string, unknown> = {};
  for (const key of SERVER_KEYS) {
    const set = inspect(key);
    const value = set?.workspaceFolderValue ?? set?.workspaceValue ?? set?.globalValue;
    if (value === undefined) {
      continue;
    }
    const parts = key.split('.');
    let table = section;
    for (const part of parts.slice(0, -1)) {
      const inner = (table[part] ??= {}) as Record<string, unknown>;
      table = inner;
    }
    table[parts[parts.length - 1]] = value;
  }
  return section;
}
