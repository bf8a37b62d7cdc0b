/**
 * The Lua script behind the Redis backend (./redis.ts): every operation
 * of the store's contract (./contract.ts) is one script call, so each is atomic
 * on the Redis server and reads what another server wrote a moment before.
 * It keeps the semantics of the in-memory store, key by key:
 *
 *   <p>s:<store>:r:<terminal>   hash: record key -> JSON value
 *   <p>s:<store>:o:<terminal>   sorted set: record keys by put time (score: ms * 1000, always
 *                               growing within a partition, so "newest last" holds even when two
 *                               servers put in the same millisecond); a record's age is score / 1000
 *   <p>s:<store>:lru            sorted set: the store's partitions by last use (same scores)
 *   <p>seq:<name>, <p>rate:<name>:<key>, <p>lease:<name>:<key>, <p>shared:<name>
 *
 * Bounds as in memory (perTerminal records, `terminals` partitions, maxAgeMs),
 * plus Redis's own expiry: every key of a store lives maxAgeMs after its last
 * put, rate windows a window, leases their time; so whatever the servers do,
 * Redis holds at most what the limits allow and forgets what nobody uses.
 * The clock is the calling server's (ARGV), as the memory store's.
 *
 * Single Redis (or a primary with replicas), not Redis Cluster: a commit
 * touches keys of several stores.
 */
export const STORE_SCRIPT = `
local P = ARGV[1]
local op = ARGV[2]
local a = cjson.decode(ARGV[3])

local function fmt(n) return string.format('%.0f', n) end
local function rkey(s, t) return P .. 's:' .. s .. ':r:' .. t end
local function okey(s, t) return P .. 's:' .. s .. ':o:' .. t end
local function lkey(s) return P .. 's:' .. s .. ':lru' end

-- The next score of a sorted set: now * 1000, or one more than its highest.
local function nextScore(z, now)
  local s = now * 1000
  local top = redis.call('ZRANGE', z, -1, -1, 'WITHSCORES')
  if top[2] ~= nil and tonumber(top[2]) >= s then s = tonumber(top[2]) + 1 end
  return s
end

-- HDEL of many fields, in slices (unpack has a limit).
local function hdelMany(r, fields)
  for i = 1, #fields, 1000 do
    redis.call('HDEL', r, unpack(fields, i, math.min(i + 999, #fields)))
  end
end

-- Drops the partition's records older than maxAge; false when none is left (the partition is gone).
local function prune(s, t, now, maxAge)
  local r, o = rkey(s, t), okey(s, t)
  local cut = '(' .. fmt((now - maxAge + 1) * 1000)
  local old = redis.call('ZRANGEBYSCORE', o, '-inf', cut)
  if #old > 0 then
    hdelMany(r, old)
    redis.call('ZREMRANGEBYSCORE', o, '-inf', cut)
  end
  if redis.call('ZCARD', o) == 0 then
    redis.call('DEL', r, o)
    redis.call('ZREM', lkey(s), t)
    return false
  end
  return true
end

-- The partition, counted as used: false when it does not exist (or nothing fresh is left).
local function use(s, t, now, maxAge)
  if redis.call('EXISTS', okey(s, t)) == 0 then
    redis.call('ZREM', lkey(s), t)
    return false
  end
  local l = lkey(s)
  redis.call('ZADD', l, fmt(nextScore(l, now)), t)
  return prune(s, t, now, maxAge)
end

-- Evicts least recently used partitions (never a pinned one) until there is room for one more.
local function makeRoom(s, terminals, pinned, evicted)
  local l = lkey(s)
  local isPinned = {}
  for _, p in ipairs(pinned) do isPinned[p] = true end
  while redis.call('ZCARD', l) >= terminals do
    local candidates = redis.call('ZRANGE', l, 0, #pinned)
    local gone = nil
    for _, c in ipairs(candidates) do
      if not isPinned[c] then gone = c break end
    end
    if gone == nil then return end
    redis.call('DEL', rkey(s, gone), okey(s, gone))
    redis.call('ZREM', l, gone)
    table.insert(evicted, {s, gone})
  end
end

local function put(w, now, evicted)
  local s, t = w.s, w.t
  local perTerminal, terminals, maxAge = w.lim[1], w.lim[2], w.lim[3]
  local r, o, l = rkey(s, t), okey(s, t), lkey(s)
  if not use(s, t, now, maxAge) then
    makeRoom(s, terminals, w.pinned, evicted)
    redis.call('ZADD', l, fmt(nextScore(l, now)), t)
  end
  redis.call('HSET', r, w.k, w.v)
  redis.call('ZADD', o, fmt(nextScore(o, now)), w.k)
  while redis.call('ZCARD', o) > perTerminal do
    local oldest = redis.call('ZPOPMIN', o)
    redis.call('HDEL', r, oldest[1])
  end
  redis.call('PEXPIRE', r, maxAge)
  redis.call('PEXPIRE', o, maxAge)
  redis.call('PEXPIRE', l, maxAge)
end

-- The record as stored when it is fresh, without counting as a use; false otherwise.
local function peek(c, now)
  local score = redis.call('ZSCORE', okey(c.s, c.t), c.k)
  if not score then return false end
  if now - math.floor(tonumber(score) / 1000) >= c.maxAge then return false end
  local v = redis.call('HGET', rkey(c.s, c.t), c.k)
  return v or false
end

if op == 'commit' then
  for _, c in ipairs(a.expect) do
    local current = peek(c, a.now)
    if c.v == false then
      if current ~= false then return {0} end
    elseif current ~= c.v then
      return {0}
    end
  end
  local evicted = {}
  for _, w in ipairs(a.writes) do put(w, a.now, evicted) end
  if a.channel then redis.call('PUBLISH', a.channel, a.message) end
  local out = {1}
  for _, e in ipairs(evicted) do
    table.insert(out, e[1])
    table.insert(out, e[2])
  end
  return out
elseif op == 'get' then
  if not use(a.s, a.t, a.now, a.maxAge) then return false end
  return redis.call('HGET', rkey(a.s, a.t), a.k)
elseif op == 'list' then
  if not use(a.s, a.t, a.now, a.maxAge) then return {} end
  local keys = redis.call('ZRANGE', okey(a.s, a.t), 0, -1)
  local out = {}
  -- HMGET in slices: a partition may hold many records.
  for i = 1, #keys, 1000 do
    local values = redis.call('HMGET', rkey(a.s, a.t), unpack(keys, i, math.min(i + 999, #keys)))
    for _, v in ipairs(values) do
      if v then table.insert(out, v) end
    end
  end
  return out
elseif op == 'delete' then
  local r, o = rkey(a.s, a.t), okey(a.s, a.t)
  local existed = redis.call('HDEL', r, a.k)
  redis.call('ZREM', o, a.k)
  if redis.call('ZCARD', o) == 0 then
    redis.call('DEL', r, o)
    redis.call('ZREM', lkey(a.s), a.t)
  end
  return existed
elseif op == 'clear' then
  redis.call('DEL', rkey(a.s, a.t), okey(a.s, a.t))
  redis.call('ZREM', lkey(a.s), a.t)
  return 1
elseif op == 'size' then
  local total = 0
  for _, t in ipairs(redis.call('ZRANGE', lkey(a.s), 0, -1)) do
    if redis.call('EXISTS', okey(a.s, t)) == 0 then
      redis.call('ZREM', lkey(a.s), t)
    elseif prune(a.s, t, a.now, a.maxAge) then
      total = total + redis.call('ZCARD', okey(a.s, t))
    end
  end
  return total
elseif op == 'sequence' then
  local key = P .. 'seq:' .. a.name
  local current = redis.call('GET', key)
  local n
  if current then n = tonumber(current) + 1 else n = a.start end
  if a.floor and n < a.floor then n = a.floor end
  redis.call('SET', key, fmt(n))
  return fmt(n)
elseif op == 'allow' then
  local key = P .. 'rate:' .. a.name .. ':' .. a.key
  redis.call('ZREMRANGEBYSCORE', key, '-inf', fmt(a.now - a.window))
  local weight = a.weight or 1
  if redis.call('ZCARD', key) + weight > a.max then return 0 end
  for i = 1, weight do redis.call('ZADD', key, fmt(a.now), a.id .. ':' .. i) end
  redis.call('PEXPIRE', key, a.window)
  return 1
elseif op == 'usage' then
  local key = P .. 'rate:' .. a.name .. ':' .. a.key
  redis.call('ZREMRANGEBYSCORE', key, '-inf', fmt(a.now - a.window))
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return {redis.call('ZCARD', key), oldest[2] or false}
elseif op == 'lease' then
  local key = P .. 'lease:' .. a.name .. ':' .. a.key
  redis.call('ZREMRANGEBYSCORE', key, '-inf', fmt(a.now))
  if redis.call('ZCARD', key) >= a.max then return 0 end
  redis.call('ZADD', key, fmt(a.now + a.ttl), a.id)
  redis.call('PEXPIRE', key, a.ttl)
  return 1
elseif op == 'renew' then
  local key = P .. 'lease:' .. a.name .. ':' .. a.key
  if redis.call('ZSCORE', key, a.id) then
    redis.call('ZADD', key, fmt(a.now + a.ttl), a.id)
    redis.call('PEXPIRE', key, a.ttl)
  end
  return 1
elseif op == 'release' then
  redis.call('ZREM', P .. 'lease:' .. a.name .. ':' .. a.key, a.id)
  return 1
elseif op == 'shared' then
  local key = P .. 'shared:' .. a.name
  redis.call('SET', key, a.value, 'NX')
  return redis.call('GET', key)
end
return redis.error_reply('unknown operation ' .. op)
`;
