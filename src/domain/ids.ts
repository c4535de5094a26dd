/** A Parse object id as this server makes them: letters and digits (10 of them; at most 32 accepted). */
export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9]{1,32}$/.test(value);
}
