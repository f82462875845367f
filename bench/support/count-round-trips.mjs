// Preloaded into a bench instance (`node --import`): counts the process's PostgreSQL round trips (each call of
// node-postgres's `Client.prototype.query`: a statement, or one simple query of several) and answers the running count
// as text on http://127.0.0.1:$ROUND_TRIP_COUNTER_PORT/. bench/load-mix.ts reads it before and after each call.
import http from 'node:http'
import process from 'node:process'
import pg from 'pg'

let roundTrips = 0
const query = pg.Client.prototype.query
pg.Client.prototype.query = function countedQuery(...args) {
  roundTrips++
  return query.apply(this, args)
}

const port = Number(process.env.ROUND_TRIP_COUNTER_PORT)
if (port) {
  http
    .createServer((_request, response) => response.end(String(roundTrips)))
    // A port already taken leaves the instance serving, uncounted: the bench then reports no round trips.
    .on('error', (error) => process.stderr.write(`round-trip counter: ${error.message}\n`))
    .listen(port, '127.0.0.1')
    .unref()
}
