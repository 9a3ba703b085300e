import type { Server } from 'node:http'
import type { Socket } from 'node:net'

/**
 * The open connections of a server and how many requests each is serving, for a shutdown that lets every
 * response reach its client. Node's closeIdleConnections() counts a connection idle once its response has
 * ended, even while a slow client has megabytes of it still queued in the socket: destroying it then cuts the
 * response off. Here a connection is idle only when it serves no request and has nothing left to write, and
 * it is ended (FIN after the last byte), never destroyed, until the deadline.
 */
export function trackConnections (server: Server) {
  const requests = new Map<Socket, number>()
  server.on('connection', (socket: Socket) => {
    requests.set(socket, 0)
    socket.once('close', () => requests.delete(socket))
  })
  server.on('request', (request, response) => {
    const socket = request.socket
    requests.set(socket, (requests.get(socket) ?? 0) + 1)
    response.once('close', () => { if (requests.has(socket)) requests.set(socket, requests.get(socket)! - 1) })
  })
  /** Ends every connection that serves no request and has written everything. */
  const endIdle = (): void => {
    for (const [socket, count] of requests) {
      if (count === 0 && socket.writableLength === 0 && !socket.writableEnded) socket.end()
    }
  }
  // server.close() (and so Fastify's close()) calls this method: it gets the safe kind.
  server.closeIdleConnections = endIdle
  return {
    endIdle,
    destroyAll (): void {
      for (const socket of requests.keys()) socket.destroy()
    }
  }
}
