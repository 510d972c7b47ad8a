// Loaded with `--import` into every Node process a README block runs: a request to the mock's
// default address (http://127.0.0.1:4777, as the READMEs write it; $README_MOCK_DEFAULT_ADDRESSES)
// goes to the mock the test started for that README on a free port ($README_MOCK_ORIGIN), so that
// runs never share a port (lib/readme-blocks.ts).
const target = process.env.README_MOCK_ORIGIN
const DEFAULT_HOSTS = new Set(process.env.README_MOCK_DEFAULT_ADDRESSES?.split(','))

if (target) {
  const fetchBefore = globalThis.fetch
  globalThis.fetch = async function fetch(input, init) {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (!DEFAULT_HOSTS.has(url.host)) return fetchBefore(request)
    const body = request.body === null ? undefined : await request.arrayBuffer()
    const { method, headers, signal, redirect } = request
    return fetchBefore(new URL(`${url.pathname}${url.search}`, target), { method, headers, body, signal, redirect })
  }
}
