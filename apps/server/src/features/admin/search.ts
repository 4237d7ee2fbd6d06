/** A user's text inside a LIKE pattern: its %, _ and \ match themselves. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
