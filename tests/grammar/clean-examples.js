// Tokenizes real `.board` files with VS Code's TextMate engine and fails if the grammar marks
// anything in them `invalid`: the examples are declared clean (all but mistakes.board), so an
// invalid token there is a grammar bug that the annotated cases missed.
// usage: node clean-examples.js GRAMMAR FILE...
'use strict';
const fs = require('fs');
const path = require('path');
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

async function main() {
  const [grammarPath, ...files] = process.argv.slice(2);
  const wasm = fs.readFileSync(path.join(path.dirname(require.resolve('vscode-oniguruma')), 'onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async () => vsctm.parseRawGrammar(fs.readFileSync(grammarPath, 'utf8'), grammarPath),
  });
  const grammar = await registry.loadGrammar('source.board');
  let bad = 0;
  let tokens = 0;
  for (const file of files) {
    let stack = vsctm.INITIAL;
    fs.readFileSync(file, 'utf8').split(/\r?\n/).forEach((line, i) => {
      const r = grammar.tokenizeLine(line, stack);
      stack = r.ruleStack;
      for (const t of r.tokens) {
        tokens++;
        const invalid = t.scopes.find((s) => s.startsWith('invalid'));
        if (invalid) {
          bad++;
          console.error(`${file}:${i + 1}:${t.startIndex + 1}: \`${line.slice(t.startIndex, t.endIndex)}\` is ${invalid}`);
        }
      }
    });
  }
  console.log(`${files.length} example files, ${tokens} tokens, ${bad} invalid`);
  process.exit(bad ? 1 : 0);
}
main().catch((e) => {
  console.error(e);
  process.exit(2);
});
