// msw as this package resolves it, for benchmarks outside the package (scripts/bench/) that
// drive the mock's handlers in-process: the repository root does not depend on msw.
export { getResponse } from 'msw'
