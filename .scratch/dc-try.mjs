import { cruise } from 'dependency-cruiser';
const t = Date.now();
const r = await cruise(['packages'], {
  exclude: { path: '(^|/)dist/' },
  enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'node', 'default'], mainFields: ['module', 'main', 'types'] },
  doNotFollow: { path: 'node_modules' },
  tsPreCompilationDeps: true,
  combinedDependencies: false,
  preserveSymlinks: true,
  validate: true,
  ruleSet: { forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    { name: 'undeclared', severity: 'error', from: {}, to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] } },
  ] },
}, { extensions: ['.ts', '.mts', '.mjs', '.js'] });
console.log('ms', Date.now() - t);
const o = r.output;
console.log(o.summary.error, o.summary.totalCruised);
for (const v of o.summary.violations.slice(0, 40)) console.log(v.rule.name, v.from, '->', v.to, v.cycle?.map(c=>c.name??c).join(' > ') ?? '');
const samp = o.modules.find(m => m.source.endsWith('server/src/checks/run-check.ts'));
console.log(JSON.stringify(samp.dependencies.map(d => [d.module, d.resolved, d.dependencyTypes]), null, 0));
for (const v of o.summary.violations) { const m = o.modules.find(m=>m.source===v.from); const d = m.dependencies.find(d=>d.resolved===v.to); console.log(v.from, d.module, d.dependencyTypes); }
const t2 = o.modules.find(m => m.source.endsWith('core/test/validate-property.test.ts'));
console.log(JSON.stringify(t2.dependencies.map(d => [d.module, d.resolved, d.dependencyTypes])));
const t3 = o.modules.find(m => m.source.endsWith('sandbox/src/check-runner.ts'));
console.log(JSON.stringify(t3.dependencies.map(d => [d.module, d.resolved, d.dependencyTypes])));
