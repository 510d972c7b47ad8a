import { describe, expect, it } from 'vitest'
import { storedSession } from '../../test/support/library.js'
import { Library } from './library.js'
import { sessionJson, toSession } from './sessions.js'

const libraryWith = (id: string) => {
  const library = new Library(1)
  library.load({ version: 1, nextId: 5, sessions: [storedSession({ id })], lanes: [] })
  return library
}

const rename = (library: Library, id: string, title: string) =>
  library.updateSession(id, (draft) => {
    draft.title = title
  })

describe('answered sessions', () => {
  it('D8: the session a write just stored is answered with a copy, and kept once read after its library’s next write', () => {
    const library = libraryWith('ses_a')
    const written = rename(library, 'ses_a', 'Just written')
    const fresh = toSession(written)
    expect(fresh).toMatchObject({ title: 'Just written' })
    expect(Object.isFrozen(fresh)).toBe(false)
    expect(sessionJson(fresh)).toBeUndefined()
    library.newId('ses')
    expect(Object.isFrozen(toSession(written))).toBe(false)
    rename(library, 'ses_a', 'Written again')
    const kept = toSession(written)
    expect(Object.isFrozen(kept)).toBe(true)
    expect(sessionJson(kept)).toBe(JSON.stringify(fresh))
  })

  it('keeps what each mock wrote its own: a write of another library changes nothing of how this one answers', () => {
    const one = libraryWith('ses_one')
    const other = libraryWith('ses_other')
    const written = rename(one, 'ses_one', 'Mine')
    rename(other, 'ses_other', 'Theirs')
    expect(Object.isFrozen(toSession(written))).toBe(false)
    expect(sessionJson(toSession(written))).toBeUndefined()
  })
})
