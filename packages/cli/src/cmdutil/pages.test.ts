import { describe, expect, it } from 'vitest'
import { CliError } from './errors.js'
import { type ReadPage, walkPages } from './pages.js'

// A list of `size` items read in pages of `limit`, as a server that keeps its word answers.
const honest =
  (size: number, limit: number, total: unknown = size) =>
  async (offset: number): Promise<ReadPage> => ({
    data: Array.from({ length: Math.max(0, Math.min(limit, size - offset)) }, (_, index) => ({ id: offset + index })),
    total,
    request: `GET /sessions?offset=${offset}`,
  })

async function walked(read: (offset: number) => Promise<ReadPage>, offset = 0) {
  const items: unknown[] = []
  const reads: number[] = []
  const counted = (at: number) => {
    reads.push(at)
    return read(at)
  }
  try {
    for await (const item of walkPages(counted, { offset })) items.push(item)
    return { items, reads, error: undefined }
  } catch (error) {
    return { items, reads, error: error as CliError }
  }
}

describe('walkPages: every item once, ending at the first page’s total (D9)', () => {
  it('reads pages until the total, no page past it; an empty list is one read', async () => {
    expect(await walked(honest(5, 2))).toMatchObject({ reads: [0, 2, 4], error: undefined })
    expect((await walked(honest(5, 2))).items).toHaveLength(5)
    expect(await walked(honest(0, 2))).toMatchObject({ items: [], reads: [0], error: undefined })
    expect(await walked(honest(5, 2), 3)).toMatchObject({ items: [{ id: 3 }, { id: 4 }], reads: [3] })
  })

  it('a server that repeats its page and claims a billion items: stopped at the second page, exit 4', async () => {
    const liar = async () => ({ data: [{ id: 'a' }, { id: 'b' }], total: 1e9, request: 'GET /sessions' })
    const { items, reads, error } = await walked(liar)
    expect(items).toEqual([{ id: 'a' }, { id: 'b' }])
    expect(reads).toEqual([0, 2])
    expect(error).toBeInstanceOf(CliError)
    expect(error).toMatchObject({
      exitCode: 4,
      message: 'GET /sessions: the page at offset 2 repeats items already read; stopped',
    })
  })

  it('a total that grows with every page: stopped once more items came than the first page said; at the total, not', async () => {
    let total = 3
    const growing = async (offset: number) => ({ ...(await honest(1e6, 2)(offset)), total: total++ })
    const { items, error } = await walked(growing)
    expect(items).toHaveLength(2)
    expect(error?.message).toBe("GET /sessions?offset=2: more items than the first page's total of 3; stopped")
    expect(await walked(honest(4, 2, 4))).toMatchObject({ reads: [0, 2], error: undefined })
  })

  it('no meta.total: stopped at the first page, the end of the list unknown', async () => {
    const { items, error } = await walked(honest(5, 2, null))
    expect(items).toEqual([])
    expect(error?.message).toBe('GET /sessions?offset=0: no meta.total, so the end of the list is unknown; stopped')
  })
})
