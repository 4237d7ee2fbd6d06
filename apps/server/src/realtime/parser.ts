import { Decoder, Encoder } from 'socket.io-parser';
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
