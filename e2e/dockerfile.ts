import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  linkSync,
  lstatSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { basename, join, posix, relative } from 'node:path';

/**
 * Just enough of a Dockerfile reader to rebuild an image's file tree without Docker: the test of
 * the images follows the Dockerfiles (their COPY lines, RUN of the dependency stage, ENV, USER and
 * CMD) and `.dockerignore`, so a change there is a change in what is tested. Anything it does not
 * understand is an error, not a guess.
 */

export interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

export interface Stage {
  readonly name: string | undefined;
  /** The image after variable substitution, or the name of an earlier stage. */
  readonly from: string;
  readonly instructions: Instruction[];
}

export interface Dockerfile {
  readonly path: string;
  /** ARGs declared before the first FROM, with their defaults. */
  readonly globalArgs: Record<string, string>;
  readonly stages: Stage[];
}

/** Logical lines: comments dropped, `\` continuations joined. */
function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    if (/^\s*#/.test(raw)) continue; // comments (and parser directives), also inside continuations
    const line = raw.replace(/\s+$/, '');
    if (line.endsWith('\\')) {
      current += line.slice(0, -1) + ' ';
      continue;
    }
    current += line;
    if (current.trim()) lines.push(current.trim());
    current = '';
  }
  if (current.trim()) lines.push(current.trim());
  return lines;
}

function substitute(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)\}|\$(\w+)/g, (_m, a: string | undefined, b: string | undefined) => {
    const name = (a ?? b)!;
    const v = vars[name];
    if (v === undefined) throw new Error(`unknown variable ${name}`);
    return v;
  });
}

export function readDockerfile(path: string): Dockerfile {
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of logicalLines(readFileSync(path, 'utf8'))) {
    const m = /^(\w+)\s+(.*)$/s.exec(line);
    if (!m) throw new Error(`${path}: cannot read "${line}"`);
    const keyword = m[1]!.toUpperCase();
    const args = m[2]!.trim();
    if (keyword === 'FROM') {
      const f = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!f) throw new Error(`${path}: cannot read FROM ${args}`);
      stages.push({ from: substitute(f[1]!, globalArgs), name: f[2], instructions: [] });
    } else if (stages.length === 0) {
      if (keyword !== 'ARG') throw new Error(`${path}: ${keyword} before the first FROM`);
      const [name, value] = args.split('=', 2);
      globalArgs[name!] = value ?? '';
    } else {
      stages.at(-1)!.instructions.push({ keyword, args });
    }
  }
  if (stages.length === 0) throw new Error(`${path}: no FROM`);
  return { path, globalArgs, stages };
}

export function finalStage(df: Dockerfile): Stage {
  return df.stages.at(-1)!;
}

export function stageNamed(df: Dockerfile, name: string): Stage {
  const stage = df.stages.find((s) => s.name === name);
  if (!stage) throw new Error(`${df.path}: no stage named ${name}`);
  return stage;
}

/** The exec (JSON) form of CMD/ENTRYPOINT/HEALTHCHECK CMD; the shell form is refused. */
export function execForm(args: string): string[] {
  if (!args.startsWith('[')) throw new Error(`expected the exec (JSON) form, got: ${args}`);
  return JSON.parse(args) as string[];
}

export function instructions(stage: Stage, keyword: string): Instruction[] {
  return stage.instructions.filter((i) => i.keyword === keyword);
}

/** ENV of a stage (`ENV A=1 B=2` form). */
export function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of instructions(stage, 'ENV')) {
    for (const pair of args.split(/\s+/)) {
      const eq = pair.indexOf('=');
      if (eq <= 0) throw new Error(`ENV ${args}: only the KEY=value form is understood`);
      env[pair.slice(0, eq)] = pair.slice(eq + 1).replace(/^"(.*)"$/, '$1');
    }
  }
  return env;
}

export function workdirOf(stage: Stage): string {
  const w = instructions(stage, 'WORKDIR').at(-1)?.args;
  if (!w?.startsWith('/')) throw new Error('the stage needs an absolute WORKDIR');
  return w;
}

export interface Copy {
  readonly from: string | undefined;
  readonly sources: string[];
  readonly dest: string;
}

export function copiesOf(stage: Stage): Copy[] {
  return instructions(stage, 'COPY').map(({ args }) => {
    const words = args.startsWith('[') ? execForm(args) : args.split(/\s+/);
    let from: string | undefined;
    const rest: string[] = [];
    for (const w of words) {
      if (w.startsWith('--from=')) from = w.slice('--from='.length);
      else if (w.startsWith('--'))
        continue; // --chown, --chmod, --link: ownership, not content
      else rest.push(w);
    }
    if (rest.length < 2) throw new Error(`COPY ${args}: needs a source and a destination`);
    return { from, sources: rest.slice(0, -1), dest: rest.at(-1)! };
  });
}

/** `.dockerignore`, with Docker's semantics: the last matching rule wins, a rule matching a
 * directory applies to everything below it, `!` re-includes. */
export class DockerIgnore {
  private readonly rules: { negate: boolean; re: RegExp }[];

  constructor(text: string) {
    this.rules = text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => {
        const negate = l.startsWith('!');
        const pattern = posix.normalize((negate ? l.slice(1) : l).trim()).replace(/^\/+|\/+$/g, '');
        return { negate, re: DockerIgnore.toRegExp(pattern) };
      });
  }

  private static toRegExp(pattern: string): RegExp {
    let re = '';
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern[i]!;
      if (c === '*' && pattern[i + 1] === '*') {
        i++;
        if (pattern[i + 1] === '/') {
          i++;
          re += '(?:.*/)?';
        } else re += '.*';
      } else if (c === '*') re += '[^/]*';
      else if (c === '?') re += '[^/]';
      else if (c === '[' || c === '\\')
        throw new Error(`.dockerignore: "${pattern}": character classes and escapes are not supported here`);
      else re += c.replace(/[.+^${}()|]/g, '\\$&');
    }
    return new RegExp(`^${re}$`);
  }

  /** Whether `path` (relative to the context, `/`-separated) is left out of the build context. */
  excludes(path: string): boolean {
    const parts = path.split('/');
    const candidates = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    let excluded = false;
    for (const rule of this.rules) {
      if (candidates.some((c) => rule.re.test(c))) excluded = !rule.negate;
    }
    return excluded;
  }
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): void {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
}

/** npm's own settings that may pass through to a child npm: where the registry is, and proxies. */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    const lower = k.toLowerCase();
    if (!lower.startsWith('npm_')) env[k] = v;
    else if (/^npm_config_(registry|.*proxy|cafile|ca|strict_ssl|userconfig)$/.test(lower)) env[k] = v;
  }
  return env;
}

/**
 * Builds a dependency stage (COPY from the context, then its `npm ci`) into a cache directory
 * keyed by what goes in, so reruns and the second image reuse it. Returns the directory that
 * stands for the stage's WORKDIR.
 */
export function buildDependencyStage(df: Dockerfile, stage: Stage, context: string): string {
  const workdir = workdirOf(stage);
  const copies = copiesOf(stage);
  const commands: string[][] = [];
  for (const { args } of instructions(stage, 'RUN')) {
    for (const part of args.split('&&').map((p) => p.trim())) {
      if (/^npm cache clean\b/.test(part)) continue; // only empties npm's cache, nothing under WORKDIR
      if (!/^npm ci\b/.test(part)) throw new Error(`${df.path}: the test does not know how to RUN "${part}"`);
      commands.push(part.split(/\s+/));
    }
  }
  for (const i of stage.instructions) {
    if (!['WORKDIR', 'COPY', 'RUN', 'ENV', 'ARG'].includes(i.keyword))
      throw new Error(`${df.path}: the test does not know ${i.keyword} in stage ${stage.name ?? ''}`);
  }
  const hash = createHash('sha256');
  for (const c of copies) {
    if (c.from) throw new Error(`${df.path}: COPY --from in the dependency stage`);
    for (const s of c.sources)
      hash
        .update(`${s}\0`)
        .update(readFileSync(join(context, s)))
        .update('\0');
    hash.update(`${c.dest}\0`);
  }
  hash.update(JSON.stringify(commands));
  const root = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'plinth', 'image-deps');
  const dir = join(root, hash.digest('hex').slice(0, 24));
  if (existsSync(join(dir, '.complete'))) return dir;

  mkdirSync(root, { recursive: true });
  const tmp = mkdtempSync(join(root, '.building-'));
  try {
    for (const c of copies) {
      const dest = join(tmp, relative(workdir, posix.resolve(workdir, c.dest)));
      mkdirSync(dest, { recursive: true });
      for (const s of c.sources) cpSync(join(context, s), join(dest, basename(s)));
    }
    for (const [cmd, ...args] of commands) run(cmd!, args, tmp, npmEnv());
    writeFileSync(join(tmp, '.complete'), `${new Date().toISOString()}\n`);
    if (existsSync(join(dir, '.complete'))) {
      rmSync(tmp, { recursive: true, force: true }); // another run finished the same build first
      return dir;
    }
    rmSync(dir, { recursive: true, force: true }); // an interrupted build's leftovers
    renameSync(tmp, dir);
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    if (existsSync(join(dir, '.complete'))) return dir; // another run finished the same build first
    throw err;
  }
  return dir;
}

/** Recreates `from` at `to` with hard links to its files (copies across file systems). */
function linkTree(from: string, to: string): void {
  const st = lstatSync(from);
  if (st.isSymbolicLink()) {
    symlinkSync(readlinkSync(from), to);
  } else if (st.isDirectory()) {
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from)) linkTree(join(from, name), join(to, name));
  } else {
    try {
      linkSync(from, to);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      copyFileSync(from, to);
    }
  }
}

/**
 * The final stage's WORKDIR as the image has it: each COPY of the final stage applied in order,
 * from the build context (filtered by `.dockerignore`) or from an earlier stage, into `target`.
 * Only copies into the WORKDIR are supported (the images copy nothing elsewhere).
 */
export function assembleImage(df: Dockerfile, context: string, target: string): void {
  const stage = finalStage(df);
  const workdir = workdirOf(stage);
  const ignore = new DockerIgnore(readFileSync(join(context, '.dockerignore'), 'utf8'));
  const built = new Map<string, string>();
  for (const c of copiesOf(stage)) {
    const destPath = posix.resolve(workdir, c.dest);
    if (destPath !== workdir && !destPath.startsWith(`${workdir}/`))
      throw new Error(`${df.path}: COPY to ${destPath}, outside WORKDIR ${workdir}`);
    const dest = join(target, relative(workdir, destPath));
    const intoDir = c.dest.endsWith('/') || c.sources.length > 1;
    for (const source of c.sources) {
      let from: string;
      if (c.from) {
        const s = stageNamed(df, c.from);
        if (!built.has(c.from)) built.set(c.from, buildDependencyStage(df, s, context));
        const sw = workdirOf(s);
        const abs = posix.resolve(sw, source);
        if (!abs.startsWith(`${sw}/`))
          throw new Error(`${df.path}: COPY --from=${c.from} ${abs}, outside its WORKDIR`);
        from = join(built.get(c.from)!, relative(sw, abs));
      } else {
        const rel = posix.normalize(source).replace(/^\.?\/+/, '');
        if (ignore.excludes(rel)) throw new Error(`${df.path}: COPY ${rel}: excluded by .dockerignore`);
        from = join(context, rel);
      }
      if (!existsSync(from)) throw new Error(`${df.path}: COPY source ${source} not found`);
      const to = statSync(from).isDirectory() || !intoDir ? dest : join(dest, basename(from));
      if (c.from) {
        linkTree(from, to); // the cached dependency stage: hard links, not 200 MB of copies
      } else {
        cpSync(from, to, {
          recursive: true,
          verbatimSymlinks: true,
          filter: (src) => !ignore.excludes(relative(context, src).split('\\').join('/')),
        });
      }
    }
  }
}
