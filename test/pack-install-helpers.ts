// Helpers for test/pack-install.test.ts: pack the publishable packages, install the tarballs into a
// fresh project outside the workspace, and inspect what got installed.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';

export const PUBLISHABLE = ['contract', 'sdk', 'core', 'register', 'sandbox', 'cli', 'server'] as const;
export type Publishable = (typeof PUBLISHABLE)[number];

export interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  main?: string;
  module?: string;
  types?: string;
  bin?: string | Record<string, string>;
  exports?: unknown;
  typesVersions?: Record<string, Record<string, string[]>>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

const execFileAsync = promisify(execFile);

/**
 * Runs a command to its end and resolves with its exit code and output, whatever the code.
 * The environment is `cleanEnv(extra)`: nothing of this workspace's npm or vitest leaks in.
 */
export async function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string>; timeout?: number },
): Promise<CommandResult> {
  try {
    const done = await execFileAsync(command, [...args], {
      cwd: options.cwd,
      env: cleanEnv(options.env),
      timeout: options.timeout ?? 120_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout: done.stdout, stderr: done.stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string; message: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      stdout: failed.stdout ?? '',
      stderr: `${failed.stderr ?? ''}\n${failed.message}`,
    };
  }
}

/** What a shell in a user's own project would have: PATH, HOME and npm's own settings, nothing else. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  // NODE_EXTRA_CA_CERTS: a machine whose registry traffic goes through a TLS proxy needs it, as a
  // user's shell there has it; without it npm's fetches fail slowly and fall back to the cache.
  const keep = ['PATH', 'HOME', 'USER', 'LANG', 'LC_ALL', 'TMPDIR', 'SHELL', 'CI', 'NODE_EXTRA_CA_CERTS'];
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    // npm's cache and registry settings, when given through the environment (not the
    // npm_config_* that a parent `npm test` sets about this workspace).
    const npmSetting = /^npm_config_(cache|registry|userconfig|prefer_offline)$/i.test(key);
    if (keep.includes(key) || npmSetting) env[key] = value;
  }
  return { ...env, NO_COLOR: '1', ...extra };
}

/** Every file below `dir` (relative paths, `/`-separated), skipping node_modules. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(dir, path).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

// `from 'x'`, `import 'x'`, `import('x')`, `require('x')`, `import x = require('x')`: enough for
// tsup's unminified output and for hand-written examples.
const SPECIFIER_PATTERNS = [
  /\bfrom\s*["']([^"'\s]+)["']/g,
  /^\s*import\s*["']([^"'\s]+)["']/gm,
  /\bimport\s*\(\s*["']([^"'\s]+)["']\s*\)/g,
  /\brequire\s*\(\s*["']([^"'\s]+)["']\s*\)/g,
];
const PACKAGE_NAME = /^(?:@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*$/i;

/** The packages (not files, not Node built-ins) a module's code or types import. */
export function importedPackages(code: string): Set<string> {
  const names = new Set<string>();
  for (const pattern of SPECIFIER_PATTERNS) {
    for (const match of code.matchAll(pattern)) {
      const specifier = match[1] ?? '';
      if (/^(?:\.|\/|[a-z]+:)/i.test(specifier) || isBuiltin(specifier)) continue;
      const parts = specifier.split('/');
      const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
      if (PACKAGE_NAME.test(name)) names.add(name);
    }
  }
  return names;
}

const CODE_FILE = /\.(?:[cm]?js|d\.[cm]?ts|[cm]?ts)$/;

/**
 * Packages imported by the code files under `dir` (those `include` accepts) that `declared` does
 * not list, each with the first file that imports it.
 */
export function undeclaredImports(
  dir: string,
  declared: ReadonlySet<string>,
  include: (file: string) => boolean = () => true,
): Map<string, string> {
  const missing = new Map<string, string>();
  for (const file of listFiles(dir)) {
    if (!CODE_FILE.test(file) || file.endsWith('.map') || !include(file)) continue;
    for (const name of importedPackages(readFileSync(join(dir, file), 'utf8'))) {
      if (!declared.has(name) && !missing.has(name)) missing.set(name, file);
    }
  }
  return missing;
}

/** What an installed package may import: its dependencies, peers, optional dependencies, itself. */
export function declaredForConsumers(manifest: Manifest): Set<string> {
  return new Set([
    manifest.name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
  ]);
}

/** Every path a manifest points at: main, module, types, bin, exports and typesVersions targets. */
export function pointedAtFiles(manifest: Manifest): string[] {
  const paths = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string') {
      if (value.startsWith('./') || !value.startsWith('.')) paths.add(value.replace(/^\.\//, ''));
    } else if (Array.isArray(value)) value.forEach(add);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(add);
  };
  add(manifest.main);
  add(manifest.module);
  add(manifest.types);
  add(manifest.bin);
  add(manifest.exports);
  add(manifest.typesVersions);
  // Patterns (`./dist/*.js`) are not files; package.json is always packed.
  return [...paths].filter((path) => !path.includes('*') && path !== 'package.json').sort();
}

export function existingFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/** The export subpaths of a package as import specifiers (`@scope/pkg`, `@scope/pkg/node`, ...). */
export function exportSpecifiers(manifest: Manifest): string[] {
  if (typeof manifest.exports !== 'object' || manifest.exports === null) return [];
  return Object.keys(manifest.exports)
    .filter((subpath) => subpath !== './package.json')
    .map((subpath) => (subpath === '.' ? manifest.name : `${manifest.name}${subpath.slice(1)}`));
}

/** A long-running child (a server), started in its own process group so it can be stopped whole. */
export interface Background {
  readonly child: ChildProcess;
  output(): string;
  /** Resolves with the first match of `pattern` in the output; rejects if the child exits first. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray>;
  stop(): Promise<void>;
}

export function startBackground(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string> },
): Background {
  const child = spawn(command, [...args], {
    cwd: options.cwd,
    env: cleanEnv(options.env),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => text,
    waitFor(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(text);
          if (match) finish(() => resolve(match));
        };
        const timer = setTimeout(
          () => finish(() => reject(new Error(`timed out waiting for ${pattern}; output:\n${text}`))),
          timeoutMs,
        );
        const onExit = () =>
          finish(() => reject(new Error(`exited (${child.exitCode}) before ${pattern}; output:\n${text}`)));
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off('exit', onExit);
          settle();
        };
        listeners.add(check);
        child.once('exit', onExit);
        check();
        if (child.exitCode !== null || child.signalCode !== null) onExit();
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        // The whole group: npx runs the bin as its own child.
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // Already gone.
        }
      }
      await exited;
    },
  };
}
