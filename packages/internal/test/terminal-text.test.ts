import { tokenMask } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { escapeControls, escapeMessage, jsonLine } from '../src/terminal-text.js'

describe('escapes: no control character from data reaches a terminal', () => {
  it('a cell: C0 (ESC as \\e, newline, tab, return named), DEL and C1 as \\xNN; other text as it is', () => {
    expect(escapeControls('a\u001b]0;x\u0007\u001b[2J\n\t\r\u007f\u0080\u009b\u009fé✓')).toBe(
      'a\\e]0;x\\x07\\e[2J\\n\\t\\r\\x7f\\x80\\x9b\\x9fé✓',
    )
    // The edges of the ranges: U+001F and U+0080 are escaped, U+0020 and U+00A0 are not.
    expect(escapeControls('\u001f \u0080\u00a0')).toBe('\\x1f \\x80\u00a0')
  })

  it('a message keeps its newlines and tabs, and escapes the rest', () => {
    expect(escapeMessage('one\ntwo\tthree\u001b[2J\u009b')).toBe('one\ntwo\tthree\\e[2J\\x9b')
  })

  it('JSON: the same value once parsed, with DEL and C1 written as \\u escapes', () => {
    const value = { title: 'a\u001b[2J\u007f\u0080\u009b\u009f\u00a0' }
    const line = jsonLine(value)
    expect(line).toBe('{"title":"a\\u001b[2J\\u007f\\u0080\\u009b\\u009f\u00a0"}')
    expect(JSON.parse(line)).toEqual(value)
  })

  it('D2: JSON with a mask: a token inside a value that is itself JSON text is masked, not only escaped twice', () => {
    const token = 'p@ss"w\\rd'
    const value = { actual: JSON.stringify(`Bearer ${token}`), plain: token }
    const line = jsonLine(value, tokenMask(token))
    expect(JSON.parse(line)).toEqual({ actual: '"Bearer <token>"', plain: '<token>' })
  })
})
