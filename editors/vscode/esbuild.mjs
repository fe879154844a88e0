// Builds the extension: bundles src/extension.ts with its dependencies into dist/extension.js
// (only `vscode` stays external) and copies the grammar from the repository's grammar/ folder,
// which is its one source of truth, into syntaxes/ (not committed).
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const production = process.argv.includes('--production');

mkdirSync(join(here, 'syntaxes'), { recursive: true });
copyFileSync(
  join(here, '..', '..', 'grammar', 'board.tmLanguage.json'),
  join(here, 'syntaxes', 'board.tmLanguage.json'),
);

await build({
  entryPoints: [join(here, 'src', 'extension.ts')],
  outfile: join(here, 'dist', 'extension.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  external: ['vscode'],
  minify: production,
  sourcemap: !production,
  logLevel: 'warning',
});
if (process.argv.includes('--unit-tests')) {
  // test/unit/*.test.ts → out-test/*.test.js, each bundled with what it imports (no vscode).
  const { readdirSync } = await import('node:fs');
  const tests = readdirSync(join(here, 'test', 'unit')).filter((f) => f.endsWith('.test.ts'));
  await build({
    entryPoints: tests.map((f) => join(here, 'test', 'unit', f)),
    outdir: join(here, 'out-test'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node18',
    logLevel: 'warning',
  });
}
console.log(`built dist/extension.js${production ? ' (production)' : ''}, copied syntaxes/board.tmLanguage.json`);
