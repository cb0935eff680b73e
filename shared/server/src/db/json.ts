/**
 * jsonb values are sent as JSON text: node-postgres and PGlite both accept it for a jsonb
 * parameter, and neither double-encodes it. Reads come back parsed.
 */
export function toJson(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
