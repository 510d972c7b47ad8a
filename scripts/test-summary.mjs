// Prints CI's closing line, `N passed, N failed`, from vitest's JSON report (all projects added up).
import { existsSync, readFileSync } from 'node:fs'

const file = new URL('../.vitest-report.json', import.meta.url)
if (!existsSync(file)) {
  console.log('0 passed, 1 failed')
  process.exit(1)
}
const report = JSON.parse(readFileSync(file, 'utf8'))
console.log(
  `${report.numPassedTests} passed, ${report.numFailedTests + (report.success ? 0 : report.numFailedTestSuites)} failed`,
)
