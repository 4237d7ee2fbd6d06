import type { IncomingMessage, ServerResponse } from 'node:http';
import { Decoder, Encoder } from 'socket.io-parser';
import { MSG } from '@partsmall/contract';
import { JSON_MAX_DEPTH, jsonNestedDeeperThan, socketPacketDataStart } from '../shared/json-depth.js';

/**
 * The largest Socket.IO message a client may send, in bytes (engine.io's `maxHttpBufferSize`: a
 * websocket frame, or a polling request's body, which the client splits to fit). The largest event
 * a client sends is a chat text of 2,000 characters (8 KB in UTF-8 at most) or a trade payment of 64
 * lines; pictures go over HTTP (api/chatUpload). A larger message closes the connection before it is
 * read (docs/security.md#hostile-input).
 */
export const SOCKET_MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * socket.io-parser's decoder, refusing a packet whose JSON nests deeper than any payload needs
 * (docs/security.md#hostile-input) before it is parsed: the packet is parsed before any namespace
 * or session check, so one anonymous connection could hold the thread with deep arrays. A refused
 * packet is a protocol error: Socket.IO closes that connection.
 */
class DepthCheckedDecoder extends Decoder {
  override add(packet: unknown): void {
    if (typeof packet === 'string' && jsonNestedDeeperThan(packet, JSON_MAX_DEPTH, socketPacketDataStart(packet)))
      throw new Error('a packet nested deeper than the realtime channels accept');
    super.add(packet);
  }
}

/** The Socket.IO server's parser (its `parser` option): the standard encoder, the depth-checked decoder. */
export const socketParser = { Encoder, Decoder: DepthCheckedDecoder };

/**
 * An Engine.IO middleware (`io.engine.use`) that reads a polling request's body as strict UTF-8
 * (docs/security.md#hostile-input). The polling transport reads it with `setEncoding('utf8')`, which
 * makes bytes that are no UTF-8 U+FFFD: a chat message sent with an overlong '/' was stored as
 * '안녕��'. It gets the same text from a fatal decoder instead; a body with such bytes answers 400
 * with the text message and its session ends, as a websocket frame of them closes the connection (ws
 * checks text frames itself).
 */
export function strictUtf8PollingBodies(req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) {
  // Engine.IO 4 refuses a binary polling body itself; a GET (a poll, a websocket upgrade) has none.
  if (req.method !== 'POST' || req.headers['content-type'] === 'application/octet-stream') return next();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let refused = false;
  const refuse = () => {
    refused = true;
    res
      .writeHead(400, { 'content-type': 'application/json; charset=utf-8' })
      .end(JSON.stringify({ code: 400, message: MSG.textInvalid }));
    return false;
  };
  // The chunks stay bytes, and every listener of 'data' is handed them decoded here.
  req.setEncoding = () => req;
  const emit = req.emit.bind(req) as (event: string | symbol, ...args: unknown[]) => boolean;
  req.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event === 'data' || event === 'end') {
      if (refused) return false;
      try {
        if (event === 'data') return emit('data', decoder.decode(args[0] as Buffer, { stream: true }));
        decoder.decode();
      } catch {
        return refuse();
      }
    }
    return emit(event, ...args);
  }) as typeof req.emit;
  return next();
}
