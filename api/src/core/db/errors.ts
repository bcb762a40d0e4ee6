/**
 * PostgreSQL's answers a service turns into a domain error (a name taken, a row still referenced),
 * read from the SQLSTATE on the driver's error or in its `cause` chain (drizzle wraps it). Never
 * the message: it carries the statement's parameters.
 */
function sqlStates(err: unknown): string[] {
  const codes: string[] = [];
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) codes.push(code);
  }
  return codes;
}

/** A unique index refused the row (23505): a name or key already taken. */
export const isUniqueViolation = (err: unknown): boolean => sqlStates(err).includes('23505');

/**
 * A foreign key refused the change (23503), or a `restrict` reference refused a delete (23001):
 * the referenced row is missing, or the deleted one is still referenced.
 */
export const isReferenceViolation = (err: unknown): boolean =>
  sqlStates(err).some((code) => code === '23503' || code === '23001');
