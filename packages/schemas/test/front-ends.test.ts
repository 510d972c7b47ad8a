import { describe, expect, it } from 'vitest'
import { isDestructive, nameIn, usages } from '../src/client.js'

const names = (front: 'sdk' | 'cli' | 'mcp') =>
  usages.map((usage) => nameIn(usage, front).join(front === 'sdk' ? '.' : ' '))

describe('one name per front end, by one rule over the contract', () => {
  it('the SDK, the CLI and the MCP server name every call from its group and verb', () => {
    const index = usages.findIndex((usage) => usage.route.name === 'waveformNotes.put')
    expect([names('sdk')[index], names('cli')[index], names('mcp')[index]]).toEqual([
      'waveformNotes.replace',
      'waveform-notes replace',
      'waveform_notes_replace',
    ])
    const add = usages.findIndex((usage) => usage.verb === 'add')
    expect([names('sdk')[add], names('cli')[add], names('mcp')[add]]).toEqual(['tags.add', 'tags add', 'tags_add'])
  })

  it('the only call of a group that reads is named by its group alone', () => {
    expect(names('sdk').filter((name) => !name.includes('.'))).toEqual(['health', 'preview', 'waveform', 'tagCounts'])
    expect(names('mcp').filter((name) => !name.includes('_') || name === 'tag_counts')).toEqual([
      'health',
      'preview',
      'waveform',
      'tag_counts',
    ])
  })

  it('tool names are snake_case throughout and unique, as are the commands', () => {
    for (const name of names('mcp')) expect(name).toMatch(/^[a-z]+(_[a-z]+)*$/)
    for (const front of ['sdk', 'cli', 'mcp'] as const) expect(new Set(names(front)).size).toBe(usages.length)
  })

  it('a call is destructive when its operation declares an effect or it removes what it names', () => {
    const destructive = usages.filter(isDestructive).map((usage) => nameIn(usage, 'mcp')[0])
    expect(destructive).toEqual([
      'sessions_update',
      'sessions_delete',
      'tags_replace',
      'tags_remove',
      'tags_patch',
      'notes_set',
      'notes_clear',
      'notes_patch',
      'waveform_notes_replace',
      'waveform_notes_patch',
    ])
  })
})
