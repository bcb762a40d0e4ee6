/**
 * Progress for what waits (a sign-in being approved, many pages, a long export): a spinner on
 * standard error, only when it is a terminal, so pipes and logs stay clean. Returns a stop function.
 */
export function progress(
  label: string,
  stream: NodeJS.WriteStream = process.stderr,
): (done?: string) => void {
  if (!stream.isTTY) return () => {};
  const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
  let frame = 0;
  const draw = () => stream.write(`\r\x1b[2K${frames[frame++ % frames.length]} ${label}`);
  draw();
  const timer = setInterval(draw, 100);
  timer.unref();
  return (done) => {
    clearInterval(timer);
    stream.write(`\r\x1b[2K${done ? done + '\n' : ''}`);
  };
}
