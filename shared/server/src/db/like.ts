/** Escapes LIKE wildcards so user text is matched literally (used with ILIKE ... ESCAPE '\'). */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
