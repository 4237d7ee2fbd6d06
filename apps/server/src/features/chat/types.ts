import type { ChatMessage } from '@partsmall/contract';

/** The chat feature's types other modules name (docs/architecture.md#boundaries). */

/** Where chat files live; a cloud bucket can stand in for the disk behind the same three calls. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or null when there is no such file. */
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

/** What the rest of the server may ask of the chat channel. */
export interface ChatChannel {
  /** Delivers a message stored outside the socket (an upload) to the customer's tabs and to staff. */
  announce(message: ChatMessage): void;
  /** Ends the chat sockets of revoked sessions. */
  endSessions(sessionIds: number[]): void;
  /** Whether the customer has a chat socket open on any process. */
  customerOnline(customerId: number): Promise<boolean>;
  /** Customers with a live chat connection on any process (several tabs count once). */
  countOnlineCustomers(): Promise<number>;
  /** Stops announcing presence (the server is closing: the sockets' disconnects are not news). */
  close(): void;
}
