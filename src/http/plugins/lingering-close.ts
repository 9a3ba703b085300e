import type { IncomingMessage } from 'node:http'
import { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'

// An answer sent before the request's body has all arrived (a 413 for a body over the limit, decided from its
// Content-Length before reading it or part way through it) ends the connection (Connection: close). Node's HTTP
// server then closes the socket as soon as the answer is written, while the client is still sending: the kernel
// answers the bytes that keep coming with a reset, which often reaches the client before it has read the answer
// (it sees EPIPE or ECONNRESET instead of the 413). Here such a connection is closed gracefully instead: the
// answer is followed by a FIN, the rest of the body is read and dropped, and the socket is closed once the body
// has arrived, or when the limits below are reached (then with the reset, as before).
//
// This relies on two things Node's HTTP server does, which test/api/oversize-bodies.test.ts pins: after the last
// answer of a connection it calls the socket's destroySoon(), and socket.parser.incoming is the request being
// received (Node's own socket timeout handler reads it so).

export interface LingeringCloseOptions {
  /** Most bytes read and dropped after the answer. */
  maxBytes: number
  /** Most time spent reading them, in ms. */
  maxMs: number
}

/** How often a lingering connection's bytes and time are checked: it may read a little past maxBytes. */
const CHECK_EVERY_MS = 100

interface ServerSocket extends Socket {
  parser?: { incoming?: IncomingMessage | null } | null
}

/** Closes gracefully a connection whose last answer went out before its request's body was all in. */
export function lingeringClose (app: FastifyInstance, options: LingeringCloseOptions): void {
  function destroySoon (this: ServerSocket): void {
    const request = this.parser?.incoming
    if (request == null || request.complete || this.destroyed || !worthDraining(request, options.maxBytes)) {
      Socket.prototype.destroySoon.call(this)
      return
    }
    linger(this, request, options)
  }
  app.server.on('connection', (socket: Socket) => { socket.destroySoon = destroySoon })
}

/**
 * False when the request's Content-Length says that more is still to come than would be read: such a connection
 * is closed at once. (What the connection has read so far, headers included, stands for what came of the body.)
 */
function worthDraining (request: IncomingMessage, maxBytes: number): boolean {
  const declared = request.headers['content-length']
  return declared === undefined || !(Number(declared) - request.socket.bytesRead > maxBytes)
}

function linger (socket: Socket, request: IncomingMessage, { maxBytes, maxMs }: LingeringCloseOptions): void {
  // FIN once the answer is written: the client knows nothing more comes, and may keep sending.
  socket.end()
  // Node's HTTP server reads and drops the rest of a body no one reads; once it is all in, nothing is left
  // unread and the socket closes without a reset.
  const done = () => socket.destroy()
  request.once('end', done)
  request.resume()
  // The bytes are counted on the socket, not by a 'data' listener: Node's parser reads a connection's bytes
  // itself, and a 'data' listener moves that reading into JavaScript (tried: the connections whose body Node
  // was dropping were then no longer read, and were cut off by the request timeout).
  const started = Date.now()
  const readBefore = socket.bytesRead
  const check = setInterval(() => {
    if (socket.bytesRead - readBefore > maxBytes || Date.now() - started > maxMs) socket.destroy()
  }, CHECK_EVERY_MS)
  check.unref()
  socket.once('close', () => {
    clearInterval(check)
    request.removeListener('end', done)
  })
}
