-- wrk script: optional rotating paths (WRK_PATHS, separated by |) and a JSON summary.
local paths = {}
local raw = os.getenv("WRK_PATHS")
if raw then
  for p in string.gmatch(raw, "[^|]+") do table.insert(paths, p) end
end
local i = 0
request = function()
  if #paths == 0 then return wrk.format() end
  i = i + 1
  return wrk.format(nil, paths[(i % #paths) + 1])
end
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout + summary.errors.status
  io.write(string.format('JSON{"requests":%d,"seconds":%f,"rps":%f,"p50_ms":%f,"p95_ms":%f,"p99_ms":%f,"errors":%d,"bytes":%d}\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    errors, summary.bytes))
end
