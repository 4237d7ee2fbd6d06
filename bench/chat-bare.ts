import http from 'node:http';
import { Server } from 'socket.io';

/**
 * Baseline of the chat benchmark: a bare Socket.IO server with the same namespace, rooms,
 * events and fan-out as the shop's chat, but no database, no session and no validation. The
 * difference to the real server is what storing before delivering (and the rest) costs.
 */
const port = Number(process.argv[2] ?? process.env.PORT ?? 3904);
const httpServer = http.createServer();
const io = new Server(httpServer, { serveClient: false });
const chat = io.of('/chat');
let seq = 0;

chat.on('connection', (socket) => {
  const auth = socket.handshake.auth as { customer?: number; staff?: boolean };
  if (auth.staff) void socket.join('staff');
  else void socket.join(`customer:${auth.customer}`);
  socket.on('userMessage', (payload: { sendMessage: string; clientMessageId: string }, ack?: (a: unknown) => void) => {
    const message = {
      ...payload,
      seq: ++seq,
      targetUser: auth.customer,
      sendSide: 'user',
      created: new Date().toISOString(),
    };
    socket.to(`customer:${auth.customer}`).emit('messageToUser', message);
    chat.to('staff').emit('messageToAdmin', message);
    ack?.({ code: 201, message: 'ok', results: message });
  });
  socket.on(
    'adminMessage',
    (payload: { sendMessage: string; clientMessageId: string; targetUser: number }, ack?: (a: unknown) => void) => {
      const message = { ...payload, seq: ++seq, sendSide: 'admin', created: new Date().toISOString() };
      chat.to(`customer:${payload.targetUser}`).emit('messageToUser', message);
      socket.to('staff').emit('messageToAdmin', message);
      ack?.({ code: 201, message: 'ok', results: message });
    },
  );
});

httpServer.listen(port, '127.0.0.1', () => console.log(`bare chat 실행 중 ${port}`));
process.on('SIGTERM', () => process.exit(0));
