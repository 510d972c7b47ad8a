import { writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { it } from 'vitest'
import { bundleForBrowser } from './support/bundle.js'

it('dump', async () => {
  const sizes = []
  for (const src of [
    `import { SessionLibrary } from '@session-library/sdk'
const client = new SessionLibrary({ token: 't' })
client.sessions.list({ limit: 1 }).then((page) => console.log(page.meta.total))`,
    `export * from '@session-library/sdk'`,
  ]) {
    const { code, metafile } = await bundleForBrowser(src)
    sizes.push(gzipSync(code, { level: 9 }).length)
    if (sizes.length === 1) {
      writeFileSync('/tmp/sdkprobe/bundle.js', code)
      const out = Object.values(metafile.outputs)[0]
      const rows = Object.entries(out?.inputs ?? {})
        .map(([k, v]) => [v.bytesInOutput, k] as const)
        .sort((a, b) => b[0] - a[0])
      writeFileSync('/tmp/sdkprobe/inputs.txt', rows.map((r) => r.join(' ')).join('\n'))
    }
  }
  console.log('SIZE', sizes.join(' '))
})
