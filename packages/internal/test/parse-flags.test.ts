import { describe, expect, it } from 'vitest'
import { didYouMean, nearest, parseFlags, type ShellFlag, UsageError } from '../src/index.js'

const flags: Record<string, ShellFlag> = {
  sort: { type: 'string' },
  recent: { type: 'boolean' },
  tags: { type: 'string', multiple: true },
  field: { type: 'string', multiple: true, whole: true, short: 'f' },
  help: { type: 'boolean', short: 'h' },
}
const parse = (...args: string[]) => parseFlags(args, flags, ['sessions', 'list'])

describe('parseFlags: a command line as shells read it', () => {
  it('a value may begin with a dash, with a space or with =; the last of a repeated single flag wins', () => {
    expect(parse('--sort', '-title').values).toEqual({ sort: '-title' })
    expect(parse('--sort=-title').values).toEqual({ sort: '-title' })
    expect(parse('--sort=').values).toEqual({ sort: '' })
    expect(parse('--sort', 'a', '--sort', 'b').values).toEqual({ sort: 'b' })
  })

  it('booleans: bare, negated, or given as true/false/1/0/yes/no; anything else is a usage error', () => {
    expect(parse('--recent').values).toEqual({ recent: true })
    expect(parse('--no-recent').values).toEqual({ recent: false })
    expect(parse('--recent=false').values).toEqual({ recent: false })
    expect(parse('--recent=YES').values).toEqual({ recent: true })
    expect(() => parse('--recent=maybe')).toThrow('--recent: "maybe" is not true or false')
    // A negated flag takes no value.
    expect(() => parse('--no-recent=true')).toThrow(UsageError)
  })

  it('a list flag splits on commas and gathers its repeats; an empty value is no item', () => {
    expect(parse('--tags', 'a,b', '--tags', 'c').values).toEqual({ tags: ['a', 'b', 'c'] })
    expect(parse('--tags', '').values).toEqual({ tags: [] })
    expect(parse('--tags=a,,b').values).toEqual({ tags: ['a', 'b'] })
  })

  it('a list flag kept whole gathers its repeats with their commas, empty ones too', () => {
    expect(parse('-f', 'title=a,b', '--field', 'x=').values).toEqual({ field: ['title=a,b', 'x='] })
  })

  it('positionals: anything not a flag, `-` (stdin), and everything after `--`', () => {
    expect(parse('ses_1', '-', '--recent', '--', '--sort', '-x').positionals).toEqual(['ses_1', '-', '--sort', '-x'])
    expect(parse('-h').values).toEqual({ help: true })
  })

  it('an unknown flag, or a value missing at the end, is a usage error naming the command and the nearest flag', () => {
    const error = (() => {
      try {
        parse('--sotr', 'title')
      } catch (thrown) {
        return thrown as UsageError
      }
    })()
    expect(error).toBeInstanceOf(UsageError)
    expect(error?.message).toBe("unknown flag '--sotr' (did you mean '--sort'?)")
    expect(error?.words).toEqual(['sessions', 'list'])
    expect(() => parse('-x')).toThrow("unknown flag '-x'")
    expect(() => parse('--sort')).toThrow('--sort needs a value')
  })
})

describe('did you mean', () => {
  it('the nearest name within a third of its letters (a swap counts once), or a name it starts; nothing when none is near', () => {
    expect(nearest('sesions', ['sessions', 'tags'])).toBe('sessions')
    expect(nearest('titel', ['id', 'title', 'kind'])).toBe('title')
    expect(nearest('ses', ['sessions', 'tags'])).toBe('sessions')
    expect(nearest('zzz', ['sessions', 'tags'])).toBeUndefined()
    expect(didYouMean('zzz', ['tags'])).toBe('')
  })
})
