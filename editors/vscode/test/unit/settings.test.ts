// Unit tests of the settings → server options mapping under plain Node (node:test): what a user
// types in settings.json reaches `boardls lsp` and `boardls export` only in a form they accept.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { cliFlags, Get, initializationOptions, Inspected, readSolveSettings, userSection } from '../../src/settings';

/** A `get` over plain values, falling back as WorkspaceConfiguration.get does. */
function settings(values: Record<string, unknown>): Get {
  return <T>(key: string, fallback: T): T => (key in values ? (values[key] as T) : fallback);
}

test("nothing set sends nothing: the server's own defaults stand", () => {
  const s = readSolveSettings(settings({}));
  assert.deepEqual(initializationOptions(s), {});
  assert.deepEqual(cliFlags(s), []);
});

test('values set to the documented defaults are sent as they are', () => {
  const s = readSolveSettings(
    settings({ 'solve.timeSeconds': 10, 'solve.nodes': 50000000, 'solve.memoryMb': 1024, 'diagnostics.allow': [] }),
  );
  assert.deepEqual(initializationOptions(s), { solveTimeMs: 10000, solveNodes: 50000000, solveMemoryMb: 1024 });
  assert.deepEqual(cliFlags(s), ['--time', '10', '--nodes', '50000000', '--memory', '1024']);
});

test('fractional seconds become whole milliseconds', () => {
  const s = readSolveSettings(settings({ 'solve.timeSeconds': 0.0015 }));
  assert.deepEqual(initializationOptions(s), { solveTimeMs: 2 });
  assert.deepEqual(cliFlags(s), ['--time', '0.002']);
  assert.deepEqual(initializationOptions(readSolveSettings(settings({ 'solve.timeSeconds': 0 }))), {
    solveTimeMs: 0,
  });
});

test('values the server would refuse are left out, so its defaults stand', () => {
  const s = readSolveSettings(
    settings({
      'solve.timeSeconds': -1,
      'solve.nodes': 2.5,
      'solve.memoryMb': 0,
      'diagnostics.allow': 'W501',
    }),
  );
  assert.deepEqual(initializationOptions(s), {});
  assert.deepEqual(cliFlags(s), []);
  for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, '30', null, 1e300]) {
    const t = readSolveSettings(settings({ 'solve.timeSeconds': bad, 'solve.nodes': bad, 'solve.memoryMb': bad }));
    assert.deepEqual(initializationOptions(t), {}, String(bad));
  }
});

test('allowed codes are trimmed, upper-cased and deduplicated; blanks and non-strings dropped', () => {
  const s = readSolveSettings(settings({ 'diagnostics.allow': [' W501 ', '', 7, 'e210', '  ', 'w501'] }));
  assert.deepEqual(initializationOptions(s), { allow: ['W501', 'E210'] });
  assert.deepEqual(cliFlags(s), ['--allow=W501', '--allow=E210']);
});

test('every flag in order, each code repeated with its own --allow', () => {
  const s = readSolveSettings(
    settings({
      'solve.timeSeconds': 2.5,
      'solve.nodes': 0,
      'solve.memoryMb': 1,
      'diagnostics.allow': ['W301', 'W302'],
    }),
  );
  assert.deepEqual(cliFlags(s), [
    '--time', '2.5', '--nodes', '0', '--memory', '1', '--allow=W301', '--allow=W302',
  ]);
  assert.deepEqual(initializationOptions(s), {
    solveTimeMs: 2500,
    solveNodes: 0,
    solveMemoryMb: 1,
    allow: ['W301', 'W302'],
  });
});

test('the section sent to the server holds only what the user set, the narrowest scope first', () => {
  const scopes: Record<string, Inspected> = {
    'solve.nodes': { globalValue: 5, workspaceValue: 7 },
    'solve.timeSeconds': { globalValue: 2.5, workspaceValue: 3, workspaceFolderValue: 4 },
    'diagnostics.allow': { globalValue: ['W501'] },
    'workspace.diagnostics': { workspaceFolderValue: false },
    // Unset everywhere: the default VS Code would answer must not reach the server.
    'solve.memoryMb': {},
  };
  assert.deepEqual(
    userSection((key) => scopes[key]),
    {
      solve: { nodes: 7, timeSeconds: 4 },
      diagnostics: { allow: ['W501'] },
      workspace: { diagnostics: false },
    },
  );
  assert.deepEqual(userSection(() => undefined), {});
  assert.deepEqual(userSection(() => ({ globalValue: 0 })).solve, {
    timeSeconds: 0,
    nodes: 0,
    memoryMb: 0,
    cacheMb: 0,
  });
});
