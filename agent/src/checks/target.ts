/** A `host:port` target (`[v6]:port` for IPv6), or why it is not one. */
export function parseHostPort(target: string): { host: string; port: number } | string {
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]\s]+)):(\d{1,5})$/.exec(target.trim());
  if (!m) return `target ${JSON.stringify(target)} is not host:port`;
  const port = Number(m[3]);
  if (port < 1 || port > 65_535) return `port ${port} is out of range`;
  return { host: m[1] ?? m[2]!, port };
}
