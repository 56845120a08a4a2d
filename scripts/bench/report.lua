-- wrk script: optional rotating paths (WRK_PATHS, separated by |) and a JSON summary.
local paths = {}
local raw = os.getenv("WRK_PATHS")
if raw then
  for p in string.gmatch(raw, "[^|]+") do table.insert(paths, p) end
end
-- WRK_UNIQUE: every request gets its own query string (a counter the shop ignores), so
-- no answer comes from the response cache.
local unique = os.getenv("WRK_UNIQUE")
local i = 0
request = function()
  i = i + 1
  local path = nil
  if #paths > 0 then path = paths[(i % #paths) + 1] end
  if unique then
    path = path or wrk.path
    local sep = "?"
    if string.find(path, "?", 1, true) then sep = "&" end
    path = path .. sep .. "u=" .. i
  end
  if path == nil then return wrk.format() end
  return wrk.format(nil, path)
end
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout + summary.errors.status
  io.write(string.format('JSON{"requests":%d,"seconds":%f,"rps":%f,"p50_ms":%f,"p95_ms":%f,"p99_ms":%f,"errors":%d,"bytes":%d}\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    errors, summary.bytes))
end
