// Tests of the extension's static contributions against a real boardls binary (BOARDLS_BIN, set
// by editors/test.sh): the $boardls problem matcher reads what `boardls check` prints, every
// snippet expands to a case that checks clean, the Restricted Mode manifest names real settings,
// and the icon is a square PNG the Marketplace accepts.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';

const extension = path.join(__dirname, '..', '..');
const repo = path.join(extension, '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(extension, 'package.json'), 'utf8'));
const bin = process.env.BOARDLS_BIN;

function boardls(args: string[], cwd = repo): { status: number | null; stdout: string; stderr: string } {
  assert.ok(bin, 'BOARDLS_BIN names the boardls binary under test');
  const r = spawnSync(bin, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  assert.equal(r.error, undefined, `${bin} ${args.join(' ')}: ${r.error}`);
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Problem {
  file: string;
  line: number;
  column: number;
  severity: string;
  code: string;
  message: string;
}

test('the $boardls problem matcher reads every diagnostic boardls check prints, as its JSON says', () => {
  const matcher = manifest.contributes.problemMatchers.find((m: { name: string }) => m.name === 'boardls');
  assert.ok(matcher, 'a problem matcher named boardls');
  const pattern = new RegExp(matcher.pattern.regexp);
  const targets = [['examples'], ['editors/vscode/test/fixture']];
  let total = 0;
  for (const target of targets) {
    const human = boardls(['check', '--suite', ...target]);
    const json = boardls(['check', '--suite', '--format', 'json', ...target]);
    assert.notEqual(human.status, 2, human.stderr);
    const expected: Problem[] = JSON.parse(json.stdout).diagnostics.map((d: Problem) => ({
      file: d.file,
      line: d.line,
      column: d.column,
      severity: d.severity,
      code: d.code,
      message: d.message,
    }));
    const read: Problem[] = [];
    for (const line of human.stdout.split('\n')) {
      // A line that starts like a diagnostic (PATH:LINE:COL: ) must be one the matcher reads.
      const head = /^\S.*?:\d+:\d+: /.test(line);
      const m = pattern.exec(line);
      assert.equal(Boolean(m), head, `the matcher and the output disagree on: ${line}`);
      if (!m) continue;
      const field = (k: string) => m[matcher.pattern[k]];
      read.push({
        file: field('file'),
        line: Number(field('line')),
        column: Number(field('column')),
        severity: field('severity'),
        code: field('code'),
        message: field('message'),
      });
    }
    assert.deepEqual(read, expected);
    total += read.length;
  }
  assert.ok(total > 5, `the examples give diagnostics to read (${total})`);
});

// A snippet body with every placeholder at its default (a choice at its first option) and the
// final cursor removed.
function expand(body: string[]): string {
  return body
    .join('\n')
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\{\d+\|([^,|]*)[^}]*\}/g, '$1')
    .replace(/\$\d+/g, '');
}

test('each snippet expands to a case that checks clean and solves to its expect', () => {
  const snippets = JSON.parse(fs.readFileSync(path.join(extension, 'snippets', 'board.code-snippets'), 'utf8'));
  const games = new Set<string>();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'boardls-snippets-'));
  try {
    for (const [name, snippet] of Object.entries<{ prefix: string; body: string[] }>(snippets)) {
      const text = expand(snippet.body);
      assert.match(text, /expect = /, `${name} states its answer`);
      const file = path.join(dir, `${snippet.prefix}.board`);
      fs.writeFileSync(file, text);
      const r = boardls(['check', '--format', 'json', file]);
      assert.deepEqual(JSON.parse(r.stdout).diagnostics, [], `${name}:\n${text}`);
      assert.equal(r.status, 0, `${name}: ${r.stderr}`);
      games.add(/^\[(\w+)/.exec(text)?.[1] ?? '');
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  assert.deepEqual([...games].sort(), ['chess', 'race', 'strings', 'tetris', 'zgame']);
});

test('Restricted Mode is limited and restricts settings that exist', () => {
  const untrusted = manifest.capabilities.untrustedWorkspaces;
  assert.equal(untrusted.supported, 'limited');
  const configuration = [manifest.contributes.configuration].flat();
  const settings = new Set(configuration.flatMap((c: { properties: object }) => Object.keys(c.properties)));
  assert.ok(untrusted.restrictedConfigurations.includes('boardls.server.path'));
  for (const key of untrusted.restrictedConfigurations) {
    assert.ok(settings.has(key), `${key} is a setting of the extension`);
  }
});

test('the icon is a square PNG of at least 128 pixels', () => {
  const png = fs.readFileSync(path.join(extension, manifest.icon));
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG signature');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  assert.equal(width, height);
  assert.ok(width >= 128, `${width} pixels`);
});
