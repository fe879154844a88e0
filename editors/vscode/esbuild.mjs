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
if (process.argv.includes('--tests')) {
  // test/unit/*.test.ts (plain Node) and test/server/*.test.ts (they run a boardls binary) →
  // out-test/{unit,server}/*.test.js, each bundled with what it imports (no vscode).
  const { readdirSync } = await import('node:fs');
  const tests = ['unit', 'server'].flatMap((dir) =>
    readdirSync(join(here, 'test', dir))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => join(here, 'test', dir, f)),
  );
  await build({
    entryPoints: tests,
    outdir: join(here, 'out-test'),
    outbase: join(here, 'test'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node18',
    logLevel: 'warning',
  });
}
console.log(`built dist/extension.js${production ? ' (production)' : ''}, copied syntaxes/board.tmLanguage.json`);
