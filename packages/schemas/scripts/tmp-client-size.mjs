import { build } from 'esbuild'
import { gzipSync } from 'node:zlib'
for (const root of ['/tmp/probe/packages/schemas', '/work/wt/schemas/packages/schemas']) {
  const contents = `import { routes } from ${JSON.stringify(root + '/src/client.ts')}
  export const check = (input) => routes['sessions.get'].answer.tolerant.parse({ data: input }).data.id`
  const r = await build({ stdin: { contents, resolveDir: root, loader: 'js' }, bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, target: 'es2022' })
  const code = r.outputFiles[0].text
  console.log(root, code.length, gzipSync(code, { level: 9 }).length)
}
