/** Stored paths and full https urls are both allowed for product images. */
export function imageUrl(file: string | undefined): string {
  if (!file) return '/favicon.svg';
  if (/^https?:\/\//.test(file) || file.startsWith('/')) return file;
  return `/uploads/${file}`;
}
