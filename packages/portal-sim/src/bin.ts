import { readFileSync } from 'node:fs';
import { buildProgram, type CliOptions, toOptions } from './cli/program.js';
import { PortalSimError } from './server/portal-sim-error.js';
import { startPortalSim } from './server/start-portal-sim.js';

function version(): string {
  try {
    const manifest: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    return typeof manifest === 'object' && manifest !== null && 'version' in manifest
      ? String(manifest.version)
      : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

async function main(): Promise<number> {
  const program = buildProgram(version());
  program.parse();
  const options = toOptions(program.opts<CliOptions>());
  if (!options.ok) {
    for (const problem of options.error) console.error(`portal-sim: ${problem}`);
    return 2;
  }
  let sim: Awaited<ReturnType<typeof startPortalSim>>;
  try {
    sim = await startPortalSim(options.value);
  } catch (error) {
    if (error instanceof PortalSimError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const lines = [
    `portal-sim listening on ${sim.url}`,
    `  right to work       ${sim.baseUrls.rightToWork}  (start: ${sim.entryUrls.rightToWork})`,
    `  right to rent       ${sim.baseUrls.rightToRent}  (start: ${sim.entryUrls.rightToRent})`,
    `  immigration status  ${sim.baseUrls.immigrationStatus}  (start: ${sim.entryUrls.immigrationStatus})`,
    `  sign-in host        ${sim.signInUrl}`,
    `  gov.uk start pages  ${sim.startPages.rightToWork}, ${sim.startPages.rightToRent}, ${sim.startPages.immigrationStatus}`,
    `  admin               ${sim.url}/__sim  (faults: ${sim.url}/__sim/faults)`,
    `  people              ${sim.people.length} seeded`,
  ];
  console.log(lines.join('\n'));
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await sim.close();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`portal-sim: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
