import type { Command } from 'commander';

/** One command of the tree: its path of names, subcommands and options (for completion). */
interface Node {
  path: string;
  description: string;
  subcommands: { name: string; description: string }[];
  options: { flags: string[]; description: string; takesValue: boolean; choices: string[] }[];
}

function optionsOf(command: Command): Node['options'] {
  const own = command.options;
  const help = [
    { flags: ['-h', '--help'], description: 'show help', takesValue: false, choices: [] as string[] },
  ];
  return [
    ...own
      .filter((o) => !o.hidden)
      .map((o) => ({
        flags: [o.short, o.long].filter((f): f is string => Boolean(f)),
        description: o.description,
        takesValue: o.required || o.optional,
        choices: o.argChoices ?? [],
      })),
    ...help,
  ];
}

/** Every command path of the tree, depth first, with the global options on every one. */
export function walk(program: Command): Node[] {
  const globals = optionsOf(program).filter((o) => !o.flags.includes('--help'));
  const nodes: Node[] = [];
  const visit = (command: Command, path: string[]) => {
    const subs = command.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden);
    nodes.push({
      path: path.join(' '),
      description: command.description(),
      subcommands: subs.flatMap((c) =>
        [c.name(), ...c.aliases()].map((name) => ({ name, description: c.description() })),
      ),
      options: path.length ? [...optionsOf(command), ...globals] : optionsOf(command),
    });
    for (const sub of subs) {
      visit(sub, [...path, sub.name()]);
      for (const alias of sub.aliases()) visit(sub, [...path, alias]);
    }
  };
  visit(program, []);
  return nodes;
}

const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;
const valueOptions = (nodes: Node[]) => [
  ...new Set(nodes.flatMap((n) => n.options.filter((o) => o.takesValue).flatMap((o) => o.flags))),
];
const choicesOf = (nodes: Node[]) => {
  const out = new Map<string, string[]>();
  for (const n of nodes)
    for (const o of n.options) if (o.choices.length) for (const f of o.flags) out.set(f, o.choices);
  return out;
};

/**
 * The words typed so far (`array` from `first` to before `current`) as a command path in
 * `$cmdpath`, skipping options and their values: the same loop in bash and zsh.
 */
function commandPathLoop(nodes: Node[], array: string, first: number, current: string): string {
  const paths = nodes.filter((n) => n.path).map((n) => n.path);
  return `  for ((i = ${first}; i < ${current}; i++)); do
    w="\${${array}[i]}"
    if ((skip)); then skip=0; continue; fi
    case "$w" in
      ${valueOptions(nodes).join('|')}) skip=1; continue ;;
      -*) continue ;;
    esac
    cand="\${cmdpath:+$cmdpath }$w"
    case "$cand" in
      ${paths.map(quote).join('|')}) cmdpath="$cand" ;;
    esac
  done`;
}

export function bash(program: Command): string {
  const nodes = walk(program);
  const cases = nodes
    .map(
      (n) =>
        `    ${quote(n.path)}) words=${quote([...n.subcommands.map((s) => s.name), ...n.options.flatMap((o) => o.flags)].join(' '))} ;;`,
    )
    .join('\n');
  const choices = [...choicesOf(nodes)].map(
    ([flag, values]) =>
      `    ${flag}) COMPREPLY=($(compgen -W ${quote(values.join(' '))} -- "$cur")); return ;;`,
  );
  return `# plinth completion for bash: source <(plinth completion bash)
_plinth() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" cmdpath="" cand w i skip=0
  case "$prev" in
${choices.join('\n')}
    -o|--output) COMPREPLY=($(compgen -W 'table json yaml' -- "$cur")); return ;;
  esac
${commandPathLoop(nodes, 'COMP_WORDS', 1, 'COMP_CWORD')}
  local words=""
  case "$cmdpath" in
${cases}
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _plinth plinth
`;
}

export function zsh(program: Command): string {
  const nodes = walk(program);
  const cases = nodes
    .map((n) => {
      const items = [
        ...n.subcommands.map((s) => `${s.name.replace(/:/g, '\\:')}:${s.description}`),
        ...n.options.flatMap((o) => o.flags.map((f) => `${f}:${o.description}`)),
      ];
      return `    ${quote(n.path)}) items=(${items.map(quote).join(' ')}) ;;`;
    })
    .join('\n');
  return `#compdef plinth
# plinth completion for zsh: source <(plinth completion zsh), or save it as _plinth on $fpath
_plinth() {
  local cmdpath="" cand w i skip=0
  local -a items
  case "\${words[CURRENT-1]}" in
    -o|--output) compadd table json yaml; return ;;
  esac
${commandPathLoop(nodes, 'words', 2, 'CURRENT')}
  case "$cmdpath" in
${cases}
  esac
  _describe 'plinth' items
}
if (( $+functions[compdef] )); then compdef _plinth plinth; fi
`;
}

export function fish(program: Command): string {
  const nodes = walk(program);
  const paths = nodes.filter((n) => n.path).map((n) => n.path);
  const lines = [
    '# plinth completion for fish: plinth completion fish | source',
    `set -g __plinth_paths ${paths.map(quote).join(' ')}`,
    'function __plinth_path',
    '  set -l p ""',
    '  for w in (commandline -opc)[2..-1]',
    "    string match -q -- '-*' $w; and continue",
    '    set -l cand (string trim -- "$p $w")',
    '    contains -- $cand $__plinth_paths; and set p $cand',
    '  end',
    '  echo $p',
    'end',
    'complete -c plinth -f',
  ];
  for (const n of nodes) {
    const cond = quote(`test (__plinth_path) = ${quote(n.path)}`);
    for (const s of n.subcommands)
      lines.push(`complete -c plinth -n ${cond} -a ${quote(s.name)} -d ${quote(s.description)}`);
    for (const o of n.options) {
      const parts = o.flags.map((f) => (f.startsWith('--') ? `-l ${f.slice(2)}` : `-s ${f.slice(1)}`));
      const values = o.choices.length ? ` -a ${quote(o.choices.join(' '))}` : '';
      lines.push(
        `complete -c plinth -n ${cond} ${parts.join(' ')}${o.takesValue ? ' -r' : ''}${values} -d ${quote(o.description)}`,
      );
    }
  }
  return lines.join('\n') + '\n';
}
