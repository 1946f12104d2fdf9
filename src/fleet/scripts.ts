/**
 * @module fleet/scripts
 * The Lua scripts the Redis session store runs. Each one is atomic on the server: the revision
 * check and the write cannot be separated by another client, and a session's value and the index
 * of ids change together. A session is a hash `{ revision, data }` (`data` is the serialised
 * session); the index is a sorted set of ids, all with score 0, so it is read in id order.
 */
import { createHash } from 'node:crypto';

export interface Script {
  readonly source: string;
  readonly sha1: string;
}

function script(source: string): Script {
  return { source, sha1: createHash('sha1').update(source).digest('hex') };
}

/**
 * KEYS: session, index. ARGV: id, revision, data.
 * Returns `ok`, `exists`.
 */
export const CREATE = script(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 'exists' end
redis.call('HSET', KEYS[1], 'revision', ARGV[2], 'data', ARGV[3])
redis.call('ZADD', KEYS[2], 0, ARGV[1])
return 'ok'
`);

/**
 * Compare-and-set. KEYS: session, index. ARGV: id, expected revision, new revision, data, mode.
 * Mode `save` also writes a session that is not stored yet (as the file store does); mode
 * `update` requires it. Returns `ok`, `missing`, `wrongtype`, or `conflict:<stored revision>`.
 */
export const COMPARE_AND_SET = script(`
local t = redis.call('TYPE', KEYS[1]).ok
if t == 'none' then
  if ARGV[5] == 'update' then return 'missing' end
elseif t ~= 'hash' then
  return 'wrongtype'
else
  local stored = redis.call('HGET', KEYS[1], 'revision')
  if stored ~= ARGV[2] then return 'conflict:' .. tostring(stored) end
end
redis.call('HSET', KEYS[1], 'revision', ARGV[3], 'data', ARGV[4])
redis.call('ZADD', KEYS[2], 0, ARGV[1])
return 'ok'
`);
