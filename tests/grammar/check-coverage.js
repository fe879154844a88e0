// Checks what vscode-tmgrammar-test cannot: every scope the grammar can produce is required by at
// least one assertion in cases/, and every assertion line is well formed (the tool silently
// ignores a `<-` assertion it cannot parse, which would make a test pass vacuously).
'use strict';
const fs = require('fs');
const path = require('path');

const grammarPath = process.argv[2];
const caseFiles = process.argv.slice(3);
const grammar = JSON.parse(fs.readFileSync(grammarPath, 'utf8'));

// Every scope name in the grammar: `name`/`contentName` of rules and captures.
const produced = new Set();
(function walk(node) {
  if (Array.isArray(node)) return node.forEach(walk);
  if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if ((k === 'name' || k === 'contentName') && typeof v === 'string' && node !== grammar) {
        v.split(/\s+/).filter(Boolean).forEach((s) => produced.add(s));
      } else {
        walk(v);
      }
    }
  }
})(grammar);

// The same shapes the tool accepts (one optional ` - ` between required and prohibited scopes).
const scopeList = String.raw`((?:\s*\w[-\w.]*)*)(?:\s*-)?((?:\s*\w[-\w.]*)*)\s*$`;
const upArrow = new RegExp(String.raw`^\s*((?:\^+\s*)+)` + scopeList);
const leftArrow = new RegExp(String.raw`^\s*<~*-+` + scopeList);

const required = new Set();
const errors = [];
let assertions = 0;
for (const file of caseFiles) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  if (!/^\/\/ SYNTAX TEST "source\.board"/.test(lines[0])) errors.push(`${file}:1: missing SYNTAX TEST header`);
  lines.forEach((line, i) => {
    if (!line.startsWith('//')) return;
    const body = line.slice(2);
    if (!/^\s*(<|\^)/.test(body)) return;
    const m = (body.trimStart().startsWith('^') ? upArrow : leftArrow).exec(body);
    if (!m || /\s-\s.*\s-\s/.test(body)) {
      errors.push(`${file}:${i + 1}: malformed assertion: ${line}`);
      return;
    }
    assertions++;
    const req = (body.trimStart().startsWith('^') ? m[2] : m[1]).split(/\s+/).filter(Boolean);
    req.forEach((s) => required.add(s));
    for (const s of [...req, ...(body.trimStart().startsWith('^') ? m[3] : m[2]).split(/\s+/).filter(Boolean)]) {
      if (s !== 'source.board' && !produced.has(s)) errors.push(`${file}:${i + 1}: scope ${s} is not in the grammar`);
    }
  });
}

for (const s of produced) {
  if (!s.endsWith('.board')) errors.push(`grammar scope ${s} does not end in .board`);
  if (!required.has(s)) errors.push(`grammar scope ${s} is never asserted by a test`);
}

console.log(`${path.basename(grammarPath)}: ${produced.size} scopes, ${assertions} assertions in ${caseFiles.length} files`);
if (errors.length) {
  errors.forEach((e) => console.error('  ' + e));
  process.exit(1);
}
console.log('every scope is covered');
