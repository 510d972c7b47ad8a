import { gzipSync } from 'node:zlib'
import { it } from 'vitest'
import { bundleForBrowser } from './support/bundle.js'
it('probe', async () => {
  for (const src of [`import { SessionLibrary } from '@session-library/sdk'\nconst client = new SessionLibrary({ token: 't' })\nclient.sessions.list({ limit: 1 }).then((page) => console.log(page.meta.total))`, `export * from '@session-library/sdk'`]) {
    const { code, metafile } = await bundleForBrowser(src)
    console.log('SIZE', code.length, gzipSync(code, { level: 9 }).length)
    const inputs = Object.entries(Object.values(metafile.outputs)[0]!.inputs).filter(([k]) => !k.includes('node_modules')).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    for (const [k, v] of inputs.slice(0, 40)) console.log('IN', v.bytesInOutput, k)
    const nm = Object.entries(Object.values(metafile.outputs)[0]!.inputs).filter(([k]) => k.includes('node_modules')).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    for (const [k, v] of nm.slice(0, 25)) console.log('NM', v.bytesInOutput, k.replace(/.*node_modules\//, ''))
  }
})
