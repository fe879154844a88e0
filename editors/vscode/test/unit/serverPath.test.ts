// Unit tests of resolveServerPath under plain Node (node:test): how the setting is turned into the
// binary that is started, and the reasons given when there is none.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { resolveServerPath } from '../../src/serverPath';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'boardls-serverpath-'));
const bin = path.join(root, 'bin');
fs.mkdirSync(bin);
const exe = path.join(bin, 'boardls');
fs.writeFileSync(exe, '#!/bin/sh\n');
fs.chmodSync(exe, 0o755);
const plain = path.join(bin, 'not-executable');
fs.writeFileSync(plain, '');
fs.chmodSync(plain, 0o644);

test('a bare name is looked up on PATH', () => {
  assert.deepEqual(resolveServerPath('boardls', undefined, `/nonexistent${path.delimiter}${bin}`), { path: exe });
});

test('an empty setting means boardls on PATH', () => {
  assert.deepEqual(resolveServerPath('  ', undefined, bin), { path: exe });
});

test('a bare name missing from PATH says so', () => {
  const r = resolveServerPath('boardls', undefined, '/nonexistent');
  assert.ok('error' in r && /not found on PATH/.test(r.error), JSON.stringify(r));
});

test('${workspaceFolder} is expanded', () => {
  assert.deepEqual(resolveServerPath('${workspaceFolder}/bin/boardls', root, ''), { path: exe });
});

test('${workspaceFolder} without a folder is an error', () => {
  const r = resolveServerPath('${workspaceFolder}/bin/boardls', undefined, '');
  assert.ok('error' in r && /no folder is open/.test(r.error), JSON.stringify(r));
});

test('a relative path is taken from the workspace folder', () => {
  assert.deepEqual(resolveServerPath('bin/boardls', root, ''), { path: exe });
});

test('~ is the home folder', () => {
  const r = resolveServerPath('~/surely-not-here/boardls', undefined, '');
  assert.ok('error' in r && r.error.startsWith(path.join(os.homedir(), 'surely-not-here')), JSON.stringify(r));
});

test('a missing file and a non-executable file are told apart', () => {
  const missing = resolveServerPath(path.join(bin, 'nope'), undefined, '');
  assert.ok('error' in missing && /does not exist/.test(missing.error), JSON.stringify(missing));
  const notExe = resolveServerPath(plain, undefined, '');
  assert.ok('error' in notExe && /not an executable file/.test(notExe.error), JSON.stringify(notExe));
  const dir = resolveServerPath(bin, undefined, '');
  assert.ok('error' in dir && /not an executable file/.test(dir.error), JSON.stringify(dir));
});

test('a name on PATH that is not executable is skipped', () => {
  const r = resolveServerPath('not-executable', undefined, bin);
  assert.ok('error' in r, JSON.stringify(r));
});
