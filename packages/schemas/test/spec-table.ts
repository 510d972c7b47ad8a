// SPEC.md §4.1 and §7, copied as data: the oracle that the endpoint table and the OpenAPI document
// are checked against. Paths are relative to /api/v1.

export interface SpecRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  write: boolean
  success: number
  errors: number[]
}

const row = (method: SpecRow['method'], path: string, write: boolean, success: number, errors: number[]) => ({
  method,
  path,
  write,
  success,
  errors,
})

export const SPEC_OPERATIONS: SpecRow[] = [
  row('GET', '/health', false, 200, [401]),
  row('GET', '/sessions', false, 200, [401]),
  row('POST', '/sessions', true, 201, [400, 401, 403]),
  row('GET', '/sessions/{id}', false, 200, [401, 404]),
  row('PATCH', '/sessions/{id}', true, 200, [400, 401, 403, 404]),
  row('DELETE', '/sessions/{id}', true, 200, [401, 403, 404]),
  row('GET', '/sessions/{id}/tags', false, 200, [401, 404]),
  row('PUT', '/sessions/{id}/tags', true, 200, [400, 401, 403, 404]),
  row('PATCH', '/sessions/{id}/tags', true, 200, [400, 401, 403, 404]),
  row('GET', '/sessions/{id}/notes', false, 200, [401, 404]),
  row('PUT', '/sessions/{id}/notes', true, 200, [400, 401, 403, 404]),
  row('PATCH', '/sessions/{id}/notes', true, 200, [400, 401, 403, 404]),
  row('GET', '/sessions/{id}/preview', false, 200, [401, 404]),
  row('GET', '/sessions/{id}/waveform', false, 200, [401, 404, 501]),
  row('PUT', '/sessions/{id}/waveform-notes', true, 200, [400, 401, 403, 404, 501]),
  row('PATCH', '/sessions/{id}/waveform-notes', true, 200, [400, 401, 403, 404, 501]),
  row('POST', '/import', true, 202, [400, 401, 403, 501]),
  row('GET', '/tags', false, 200, [401]),
]

// SPEC §7's table as its rows read: code, status, message.
const SPEC_ERROR_ROWS = [
  ['invalid_json', 400, 'Request body must be valid JSON.'],
  ['unauthorized', 401, 'Provide Authorization: Bearer <token>.'],
  ['read_only', 403, 'Enable Full Automation to perform this action.'],
  ['not_found', 404, 'session not found'],
  ['waveform_notes_unavailable', 501, 'Waveform notes service is unavailable.'],
  ['waveform_unavailable', 501, 'Waveform service is unavailable.'],
  ['import_unavailable', 501, 'Import service is unavailable.'],
] as const

export const SPEC_ERRORS = Object.fromEntries(
  SPEC_ERROR_ROWS.map(([code, status, message]) => [code, { status, message }]),
) as Record<(typeof SPEC_ERROR_ROWS)[number][0], { status: number; message: string }>

export const specKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`
