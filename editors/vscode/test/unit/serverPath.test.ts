// Unit tests of resolveServerPath and chooseServer under plain Node (node:test): how the setting,
// the bundled binary and PATH are turned into the binary that is started, and the reasons given
// when there is none.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { bundledServerPath, chooseServer, resolveServerPath } from '../../src/serverPath';

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

// An extension folder with server/boardls, one without, and another binary for the setting.
const withServer = path.join(root, 'ext-platform');
fs.mkdirSync(path.join(withServer, 'server'), { recursive: true });
const bundled = bundledServerPath(withServer, 'linux');
fs.writeFileSync(bundled, '#!/bin/sh\n');
fs.chmodSync(bundled, 0o755);
const withoutServer = path.join(root, 'ext-universal');
fs.mkdirSync(withoutServer);
const other = path.join(root, 'other-boardls');
fs.writeFileSync(other, '#!/bin/sh\n');
fs.chmodSync(other, 0o755);

function lookup(over: Partial<Parameters<typeof chooseServer>[0]>): Parameters<typeof chooseServer>[0] {
  return { setting: '', trusted: true, extensionPath: withServer, workspaceFolder: root, envPath: bin, platform: 'linux', ...over };
}

test('the bundled binary is server/boardls, server/boardls.exe on Windows', () => {
  assert.equal(bundledServerPath('/x', 'linux'), path.join('/x', 'server', 'boardls'));
  assert.equal(bundledServerPath('/x', 'win32'), path.join('/x', 'server', 'boardls.exe'));
});

test('nothing set: the bundled binary comes before PATH', () => {
  assert.deepEqual(chooseServer(lookup({})), { path: bundled, source: 'bundled', ignoredSetting: undefined });
});

test('nothing set and nothing bundled: boardls on PATH', () => {
  assert.deepEqual(chooseServer(lookup({ extensionPath: withoutServer })), { path: exe, source: 'PATH', ignoredSetting: undefined });
});

test('a set path comes before the bundled binary', () => {
  assert.deepEqual(chooseServer(lookup({ setting: other })), { path: other, source: 'setting' });
  assert.deepEqual(chooseServer(lookup({ setting: 'boardls' })), { path: exe, source: 'setting' });
});

test('a wrong set path is an error, not a reason to start another binary', () => {
  const r = chooseServer(lookup({ setting: path.join(root, 'nope') }));
  assert.ok('error' in r && /does not exist/.test(r.error), JSON.stringify(r));
});

test('Restricted Mode ignores the setting and says so', () => {
  assert.deepEqual(chooseServer(lookup({ setting: other, trusted: false })), {
    path: bundled,
    source: 'bundled',
    ignoredSetting: other,
  });
  const r = chooseServer(lookup({ setting: '${workspaceFolder}/bin/boardls', trusted: false, extensionPath: withoutServer, envPath: '' }));
  assert.ok('error' in r && r.ignoredSetting === '${workspaceFolder}/bin/boardls', JSON.stringify(r));
});

test('nothing anywhere: the error names both places looked in', () => {
  const r = chooseServer(lookup({ extensionPath: withoutServer, envPath: '/nonexistent' }));
  assert.ok('error' in r && /bundled/.test(r.error) && /PATH/.test(r.error), JSON.stringify(r));
});

test('a bundled binary unpacked without its x bit is made executable', () => {
  const dir = path.join(root, 'ext-nomode');
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  const file = bundledServerPath(dir, 'linux');
  fs.writeFileSync(file, '#!/bin/sh\n');
  fs.chmodSync(file, 0o644);
  assert.deepEqual(chooseServer(lookup({ extensionPath: dir })), { path: file, source: 'bundled', ignoredSetting: undefined });
  assert.equal(fs.statSync(file).mode & 0o111, 0o111);
});
