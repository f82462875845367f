import { layoutOwnership } from '../lib/kyc/ownership-layout'
import { generatedGroup } from '../tests/components/ownership-fixtures'
const g = generatedGroup(6, 200)
const t: number[] = []
for (let i = 0; i < 50; i++) { const s = performance.now(); layoutOwnership(g, { nodeWidth: 210, nodeHeight: 92 }); t.push(performance.now() - s) }
t.sort((a, b) => a - b); console.log('median', t[25]!.toFixed(3), 'ms; first', 'width', layoutOwnership(g, { nodeWidth: 210, nodeHeight: 92 }).width)
