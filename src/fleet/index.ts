/**
 * @module fleet
 * Stores for fleets of workers: sessions and artifacts on a shared Redis server. Needs the
 * optional peer dependency `@redis/client`, loaded only when a store first talks to the server.
 */
export {
  DEFAULT_ARTIFACT_MAX_BYTES,
  DEFAULT_ARTIFACT_TTL_SECONDS,
  RedisArtifactStore,
  type RedisArtifactStoreOptions,
} from './redis-artifact-store.js';
export { RedisConnection, type RedisConnectionOptions } from './redis-connection.js';
export { RedisSessionStore, type RedisSessionStoreOptions } from './redis-session-store.js';
