/**
 * Whether an address is one a route of the web app takes, from the route table's patterns
 * (route-paths.json, written by the web build). Matches as React Router does: without regard to
 * case, `:param` one segment, `:param?` an optional one, a trailing `*` any rest, and a trailing
 * slash allowed. The query is not part of the address.
 */
export function appPathMatcher(patterns: readonly string[]): (url: string) => boolean {
  const expressions = patterns.map(toRegExp);
  return (url) => {
    const pathname = url.split('?')[0]!.split('#')[0]!;
    return expressions.some((re) => re.test(pathname));
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function toRegExp(pattern: string): RegExp {
  let source = '^';
  for (const segment of pattern.split('/').filter(Boolean)) {
    if (segment === '*') source += '(?:/.*)?';
    else if (segment.startsWith(':')) source += segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    else if (segment.endsWith('?')) source += `(?:/${escape(segment.slice(0, -1))})?`;
    else source += `/${escape(segment)}`;
  }
  return new RegExp(`${source}/?$`, 'i');
}
