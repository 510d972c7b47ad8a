import { Writable } from 'node:stream'
import stringWidth from 'string-width'
import { describe, expect, it } from 'vitest'
import { createOutput } from './output.js'

class Terminal extends Writable {
  readonly isTTY = true
  text = ''
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString()
    done()
  }
}

const printed = async (rows: Record<string, unknown>[]) => {
  const stdout = new Terminal()
  const output = createOutput({}, { stdout, stderr: new Terminal(), env: { NO_COLOR: '1' } })
  await output.data(rows, ['title', 'kind'])
  return stdout.text.trimEnd().split('\n')
}

describe('a terminal table is aligned by the width a terminal shows, not by UTF-16 units', () => {
  it('emoji, CJK and combining marks: every kind column starts at the same display column', async () => {
    const lines = await printed([
      { title: 'Night Drive', kind: 'ableton' },
      { title: '🎹🥁 Jam', kind: 'logic' },
      { title: '夜のドライブ', kind: 'bitwig' },
      { title: 'Cafe\u0301 👩‍👩‍👧', kind: 'other' },
    ])
    const columns = lines.map((line) => stringWidth(line.replace(/\S+$/, '')))
    expect(new Set(columns).size).toBe(1)
    expect(columns[0]).toBe(stringWidth('夜のドライブ') + 2)
  })

  it('a long cell is cut at 60 columns with whole characters (59 and …), one at 60 is whole', async () => {
    const [, wide] = await printed([{ title: '夜'.repeat(40), kind: 'x' }])
    const [, exact] = await printed([{ title: '夜'.repeat(30), kind: 'x' }])
    expect(wide).toBe(`${'夜'.repeat(29)}…  x`)
    expect(exact).toBe(`${'夜'.repeat(30)}  x`)
  })
})
