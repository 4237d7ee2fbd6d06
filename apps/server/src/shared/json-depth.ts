import type { FastifyInstance } from 'fastify';
import { MSG } from '@partsmall/contract';
import { AppError, badRequest } from './http.js';

/**
 * How many arrays and objects JSON may open at once, in a request body or a socket payload
 * (docs/security.md#hostile-input). The deepest call of the table of calls nests 3 levels, a
 * provider's webhook a few more; 32 leaves room for any of them. Deeper JSON is refused before it
 * is parsed: parsing deep nesting costs about a hundred times more per byte than flat JSON (1 MB of
 * nested arrays held the request thread about half a second), and what reads the parsed value
 * after (the well-formed-text check, the schemas) walks it again.
 */
export const JSON_MAX_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const ZERO = 0x30;
const NINE = 0x39;
const SLASH = 0x2f;

/**
 * Whether JSON text (from `from` on) opens more than `limit` arrays and objects at once. One pass
 * over the text, brackets inside strings not counted; a string is skipped with `indexOf`, so a
 * large base64 string costs little. It judges nesting only: text that is not JSON is left to the
 * JSON parser to refuse (a closing bracket too many fails there at once).
 */
export function jsonNestedDeeperThan(text: string, limit = JSON_MAX_DEPTH, from = 0): boolean {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
      if (i < 0) return false;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}

/** The index of the quote that ends the string opened at `open` (one not escaped), or -1 when none does. */
function stringEnd(text: string, open: number): number {
  let i = open;
  for (;;) {
    i = text.indexOf('"', i + 1);
    if (i < 0) return -1;
    // Escaped when an odd number of backslashes stands before it ("\\" is one escaped backslash).
    let backslashes = 0;
    while (text.charCodeAt(i - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return i;
  }
}

/**
 * Where the JSON data of a Socket.IO packet starts: after its type, a binary packet's attachment
 * count (`51-`), its namespace (`/chat,`) and its acknowledgement id, as socket.io-parser reads them.
 * A namespace's name is not JSON, so a quote or bracket in it must not be counted.
 */
export function socketPacketDataStart(packet: string): number {
  let i = 1;
  const type = packet.charCodeAt(0);
  // 5 and 6: a binary event or acknowledgement, whose attachment count ends at a dash.
  if (type === ZERO + 5 || type === ZERO + 6) {
    const dash = packet.indexOf('-', 1);
    i = dash < 0 ? packet.length : dash + 1;
  }
  if (packet.charCodeAt(i) === SLASH) {
    const comma = packet.indexOf(',', i);
    i = comma < 0 ? packet.length : comma + 1;
  }
  while (i < packet.length && packet.charCodeAt(i) >= ZERO && packet.charCodeAt(i) <= NINE) i++;
  return i;
}

/** A JSON body's bytes as text: UTF-8 only, read strictly (a byte order mark first is dropped). */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The charset a content type names (lower case, unquoted), or null when it names none. */
function declaredCharset(contentType: string | undefined): string | null {
  const m = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  return m ? (m[1] ?? m[2] ?? '').toLowerCase() : null;
}

/**
 * The JSON body parser of every call: Fastify's own (secure-json-parse, which refuses `__proto__` and
 * `constructor.prototype` as Fastify does by default), after the nesting check. Too deep a body is
 * the 400 of any unreadable body. An empty body is no payload, as a request without the content type:
 * the original client sends calls that take none (api/getMallConfig, epc/initEpc) with the JSON type
 * and no body (docs/requirements.md#answers-and-errors). Route body limits still apply (a parser added
 * without its own limit reads each route's).
 *
 * The bytes are UTF-8 or refused (docs/security.md#hostile-input): a charset other than UTF-8 answers
 * 415, and bytes that are no UTF-8 (EUC-KR Hangul, an overlong '/', a cut-off character) answer 400
 * with the text fields' message. Read loosely, they became U+FFFD and were stored ('��ö��').
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const charset = declaredCharset(request.headers['content-type']);
    if (charset !== null && charset !== 'utf-8' && charset !== 'utf8') {
      done(new AppError(415, MSG.charsetUnsupported), undefined);
      return;
    }
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(badRequest(MSG.textInvalid), undefined);
      return;
    }
    if (text.length === 0) {
      done(null, undefined);
      return;
    }
    if (jsonNestedDeeperThan(text)) {
      done(badRequest(MSG.badRequest), undefined);
      return;
    }
    parse(request, text, done);
  });
}
