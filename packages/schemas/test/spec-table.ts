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

export const SPEC_ERRORS = {
  invalid_json: { status: 400, message: 'Request body must be valid JSON.' },
  unauthorized: { status: 401, message: 'Provide Authorization: Bearer <token>.' },
  read_only: { status: 403, message: 'Enable Full Automation to perform this action.' },
  not_found: { status: 404, message: 'session not found' },
  waveform_notes_unavailable: { status: 501, message: 'Waveform notes service is unavailable.' },
  waveform_unavailable: { status: 501, message: 'Waveform service is unavailable.' },
  import_unavailable: { status: 501, message: 'Import service is unavailable.' },
}

export const specKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`
