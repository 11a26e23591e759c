// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// In-process hardware counters through the CUPTI range profiler (see counter_profiler.h).
//
// Per context, at the first chosen launch: cuptiProfilerInitialize (once per process), the device's
// support for range profiling, its chip name and counter availability, a host object that turns
// the metric names into a configuration image, cuptiRangeProfilerEnable and SetConfig with
// CUPTI_AutoRange (one range per kernel) and CUPTI_KernelReplay (CUPTI replays the kernel inside
// its launch call for each pass, saving and restoring the memory it writes). Per chosen launch:
// Start before it, Stop after it, DecodeData, then the one range's metric values are evaluated
// and written as a "counters" record, and the counter data image is cleared for the next one.
// Nothing here changes an argument or a return value of the program's calls; a failure is
// recorded (an "unavailable" profiler record or a counters record with "error") and profiling is
// given up for that context or that launch.
#include "counter_profiler.h"

#include "record_writer.h"

#include <cupti.h>

#if defined(__has_include)
#if __has_include(<cupti_range_profiler.h>) && __has_include(<cupti_profiler_host.h>)
#define CUDA_LINT_HAVE_RANGE_PROFILER 1
#endif
#endif
#ifndef CUDA_LINT_HAVE_RANGE_PROFILER
#define CUDA_LINT_HAVE_RANGE_PROFILER 0
#endif

#if CUDA_LINT_HAVE_RANGE_PROFILER
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_target.h>
#endif

#include <time.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace cuda_lint_confirm {
namespace profiler {

namespace {

// Auto range gives one range per kernel launched between Start and Stop: one is expected, more
// means another thread launched into the same context meanwhile (then the launch's counters
// cannot be told apart and are not used).
constexpr size_t kMaxRanges = 4;

struct Request {
  bool active = false;
  std::unordered_set<std::string> kernels;
  std::vector<std::string> metrics;
  unsigned launchesPerConfig = 1; // 0: every launch
};

Request g_request;
RecordWriter *g_writer = nullptr;

// A CUPTI parameter block: zeroed, with its size set.
template <typename P> P params(size_t structSize) {
  P p{};
  p.structSize = structSize;
  return p;
}
#define CUPTI_PARAMS(type) params<type>(type##_STRUCT_SIZE)

std::string num(uint64_t v) { return std::to_string(v); }
uint64_t nowNs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return uint64_t(ts.tv_sec) * 1000000000ull + uint64_t(ts.tv_nsec);
}
std::string dims(const unsigned *d) {
  return "[" + num(d[0]) + ", " + num(d[1]) + ", " + num(d[2]) + "]";
}
std::string stringList(const std::vector<std::string> &items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i)
    out += (i ? ", " : "") + jsonString(items[i].c_str());
  return out + "]";
}

std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  size_t e = s.find_last_not_of(" \t\r\n");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

std::string resultText(const char *call, CUptiResult r) {
  const char *msg = nullptr;
  cuptiGetResultString(r, &msg);
  return std::string(call) + ": " + (msg ? msg : "error " + std::to_string(int(r)));
}

// The launch configuration ncu's `--filter-mode per-launch-config` tells apart.
std::string configKey(const char *name, const LaunchCall &call) {
  return std::string(name) + "|" + dims(call.grid) + "|" + dims(call.block) + "|" +
         num(call.dynamicSmem);
}

std::mutex g_mutex;                                // guards g_quota and g_contexts
std::unordered_map<std::string, unsigned> g_quota; // configuration -> launches chosen

struct ContextProfiler {
  CUcontext ctx = nullptr;
  std::mutex busy; // held by the thread whose chosen launch is being profiled (Start to Stop)
  enum class State { Unset, Ready, Unavailable } state = State::Unset;
#if CUDA_LINT_HAVE_RANGE_PROFILER
  CUpti_Profiler_Host_Object *host = nullptr;
  CUpti_RangeProfiler_Object *object = nullptr;
  std::vector<uint8_t> config;
  std::vector<uint8_t> counterData;
  std::vector<std::string> metrics; // the ones this GPU has, in the request's order
  std::vector<const char *> metricNames;
  bool needsConfig = false;
#endif
};

std::unordered_map<CUcontext, std::unique_ptr<ContextProfiler>> g_contexts;

// The outermost launch call of this thread.
struct Pending {
  bool undecided = false; // no kernel name or context yet: decide at the nested driver launch
  bool chosen = false;    // a launch of a chosen kernel within its configuration's quota
  bool started = false;   // the range profiler runs around it
  ContextProfiler *profiler = nullptr;
  std::string name, key;
  LaunchCall call;
  uint32_t correlationId = 0;
  uint32_t contextId = 0;
  uint64_t startedNs = 0; // when the range profiler was started for it
};
thread_local Pending t_pending;
// Set while this thread runs profiler code: a launch callback CUPTI might raise from inside it
// (its own work) is not the program's and is left alone.
thread_local bool t_inProfiler = false;

struct InProfiler {
  InProfiler() { t_inProfiler = true; }
  ~InProfiler() { t_inProfiler = false; }
};

bool reserve(const std::string &key) {
  std::lock_guard<std::mutex> lock(g_mutex);
  unsigned &count = g_quota[key];
  if (g_request.launchesPerConfig && count >= g_request.launchesPerConfig)
    return false;
  ++count;
  return true;
}

void release(const std::string &key) {
  std::lock_guard<std::mutex> lock(g_mutex);
  auto it = g_quota.find(key);
  if (it != g_quota.end() && it->second)
    --it->second;
}

ContextProfiler *contextProfiler(CUcontext ctx) {
  std::lock_guard<std::mutex> lock(g_mutex);
  std::unique_ptr<ContextProfiler> &slot = g_contexts[ctx];
  if (!slot) {
    slot = std::make_unique<ContextProfiler>();
    slot->ctx = ctx;
  }
  return slot.get();
}

uint32_t contextId(CUcontext ctx) {
  uint32_t id = 0;
  cuptiGetContextId(ctx, &id);
  return id;
}

// `"counters", correlation id, kernel, configuration, context, replayed`: the start of a counters
// record. `replayed`: the range profiler ran around the launch (CUPTI replayed the kernel inside
// the launch call, and its kernel record has no timestamps); false when it could not be started.
std::string countersStart(const Pending &p, bool replayed) {
  return recordStart("counters") + ", \"correlation_id\": " + num(p.correlationId) +
         ", \"kernel\": " + jsonString(p.name.c_str()) + ", \"grid\": " + dims(p.call.grid) +
         ", \"block\": " + dims(p.call.block) + ", \"dynamic_smem\": " + num(p.call.dynamicSmem) +
         ", \"context_id\": " + num(p.contextId) +
         ", \"replayed\": " + (replayed ? "true" : "false");
}

void writeCountersError(const Pending &p, bool replayed, const std::string &error,
                        const std::string &extra = std::string()) {
  g_writer->writeLine(countersStart(p, replayed) + ", \"error\": " + jsonString(error.c_str()) +
                      extra + "}");
}

// Correlation ids of the launches the range profiler ran around (from its start; removed when the
// launch failed): their kernels ran, replayed, and the injection library marks their kernel
// records.
std::mutex g_replayedMutex;
std::unordered_set<uint32_t> g_replayed;

#if CUDA_LINT_HAVE_RANGE_PROFILER

std::mutex g_initMutex;
int g_initState = 0; // 0: not yet, 1: initialized, 2: failed
std::string g_initError;

bool initializeOnce(std::string &error) {
  std::lock_guard<std::mutex> lock(g_initMutex);
  if (g_initState == 0) {
    auto p = CUPTI_PARAMS(CUpti_Profiler_Initialize_Params);
    CUptiResult r = cuptiProfilerInitialize(&p);
    g_initState = r == CUPTI_SUCCESS ? 1 : 2;
    if (r != CUPTI_SUCCESS)
      g_initError = resultText("cuptiProfilerInitialize", r);
  }
  error = g_initError;
  return g_initState == 1;
}

const char *supportText(CUpti_Profiler_Support_Level level) {
  switch (level) {
  case CUPTI_PROFILER_CONFIGURATION_UNSUPPORTED:
    return "unsupported";
  case CUPTI_PROFILER_CONFIGURATION_DISABLED:
    return "disabled";
  case CUPTI_PROFILER_CONFIGURATION_SUPPORTED:
    return "supported";
  default:
    return "unknown";
  }
}

// "" when the device can be profiled, else why not.
std::string deviceSupport(uint32_t device) {
  auto p = CUPTI_PARAMS(CUpti_Profiler_DeviceSupported_Params);
  p.cuDevice = static_cast<CUdevice>(device);
  p.api = CUPTI_PROFILER_RANGE_PROFILING;
  CUptiResult r = cuptiProfilerDeviceSupported(&p);
  if (r != CUPTI_SUCCESS)
    return resultText("cuptiProfilerDeviceSupported", r);
  if (p.isSupported == CUPTI_PROFILER_CONFIGURATION_SUPPORTED)
    return "";
  std::string why = "the device does not support range profiling:";
  const std::pair<const char *, CUpti_Profiler_Support_Level> parts[] = {
      {"architecture", p.architecture},
      {"SLI", p.sli},
      {"vGPU", p.vGpu},
      {"confidential computing", p.confidentialCompute},
      {"CMP", p.cmp},
      {"WSL", p.wsl}};
  for (const auto &part : parts)
    if (part.second != CUPTI_PROFILER_CONFIGURATION_SUPPORTED)
      why += std::string(" ") + part.first + " " + supportText(part.second) + ";";
  why.pop_back();
  return why;
}

bool metricKnown(CUpti_Profiler_Host_Object *host, const std::string &metric) {
  auto p = CUPTI_PARAMS(CUpti_Profiler_Host_GetMetricProperties_Params);
  p.pHostObject = host;
  p.pMetricName = metric.c_str();
  return cuptiProfilerHostGetMetricProperties(&p) == CUPTI_SUCCESS;
}

bool initCounterData(ContextProfiler &cp, std::string &error) {
  auto p = CUPTI_PARAMS(CUpti_RangeProfiler_CounterDataImage_Initialize_Params);
  p.pRangeProfilerObject = cp.object;
  p.counterDataSize = cp.counterData.size();
  p.pCounterData = cp.counterData.data();
  CUptiResult r = cuptiRangeProfilerCounterDataImageInitialize(&p);
  if (r != CUPTI_SUCCESS)
    error = resultText("cuptiRangeProfilerCounterDataImageInitialize", r);
  return r == CUPTI_SUCCESS;
}

bool setConfig(ContextProfiler &cp, std::string &error) {
  auto p = CUPTI_PARAMS(CUpti_RangeProfiler_SetConfig_Params);
  p.pRangeProfilerObject = cp.object;
  p.configSize = cp.config.size();
  p.pConfig = cp.config.data();
  p.counterDataImageSize = cp.counterData.size();
  p.pCounterDataImage = cp.counterData.data();
  p.range = CUPTI_AutoRange;
  p.replayMode = CUPTI_KernelReplay;
  p.maxRangesPerPass = kMaxRanges;
  p.numNestingLevels = 1;
  p.minNestingLevel = 1;
  p.passIndex = 0;
  p.targetNestingLevel = 1;
  CUptiResult r = cuptiRangeProfilerSetConfig(&p);
  if (r != CUPTI_SUCCESS)
    error = resultText("cuptiRangeProfilerSetConfig", r);
  return r == CUPTI_SUCCESS;
}

void teardown(ContextProfiler &cp) {
  if (cp.object) {
    auto p = CUPTI_PARAMS(CUpti_RangeProfiler_Disable_Params);
    p.pRangeProfilerObject = cp.object;
    cuptiRangeProfilerDisable(&p);
    cp.object = nullptr;
  }
  if (cp.host) {
    auto p = CUPTI_PARAMS(CUpti_Profiler_Host_Deinitialize_Params);
    p.pHostObject = cp.host;
    cuptiProfilerHostDeinitialize(&p);
    cp.host = nullptr;
  }
}

// Sets the context's profiler up and writes its "profiler" record. Called with cp.busy held.
void setup(ContextProfiler &cp) {
  const uint32_t ctxId = contextId(cp.ctx);
  uint32_t device = 0;
  std::string chip, error;
  std::vector<std::string> unsupported;
  size_t passes = 0;
  // Host time of the setup's stages (ns), written in the record.
  const uint64_t t0 = nowNs();
  uint64_t tInitialized = t0, tDevice = t0, tHost = t0;
  auto fail = [&](const std::string &why) {
    teardown(cp);
    cp.state = ContextProfiler::State::Unavailable;
    g_writer->writeLine(
        recordStart("profiler") + ", \"context_id\": " + num(ctxId) +
        ", \"device_id\": " + num(device) +
        ", \"chip\": " + (chip.empty() ? std::string("null") : jsonString(chip.c_str())) +
        ", \"status\": \"unavailable\", \"reason\": " + jsonString(why.c_str()) + "}");
  };
  if (!initializeOnce(error))
    return fail(error);
  tInitialized = nowNs();
  CUptiResult r = cuptiGetDeviceId(cp.ctx, &device);
  if (r != CUPTI_SUCCESS)
    return fail(resultText("cuptiGetDeviceId", r));
  std::string support = deviceSupport(device);
  if (!support.empty())
    return fail(support);

  auto chipParams = CUPTI_PARAMS(CUpti_Device_GetChipName_Params);
  chipParams.deviceIndex = device;
  r = cuptiDeviceGetChipName(&chipParams);
  if (r != CUPTI_SUCCESS || !chipParams.pChipName)
    return fail(resultText("cuptiDeviceGetChipName", r));
  chip = chipParams.pChipName;

  auto avail = CUPTI_PARAMS(CUpti_Profiler_GetCounterAvailability_Params);
  avail.ctx = cp.ctx;
  r = cuptiProfilerGetCounterAvailability(&avail);
  if (r != CUPTI_SUCCESS)
    return fail(resultText("cuptiProfilerGetCounterAvailability", r));
  std::vector<uint8_t> availability(avail.counterAvailabilityImageSize);
  avail.pCounterAvailabilityImage = availability.data();
  r = cuptiProfilerGetCounterAvailability(&avail);
  if (r != CUPTI_SUCCESS)
    return fail(resultText("cuptiProfilerGetCounterAvailability", r));
  tDevice = nowNs();

  auto hostParams = CUPTI_PARAMS(CUpti_Profiler_Host_Initialize_Params);
  hostParams.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
  hostParams.pChipName = chip.c_str();
  hostParams.pCounterAvailabilityImage = availability.data();
  r = cuptiProfilerHostInitialize(&hostParams);
  if (r != CUPTI_SUCCESS || !hostParams.pHostObject)
    return fail(resultText("cuptiProfilerHostInitialize", r));
  cp.host = hostParams.pHostObject;

  // Metrics this chip does not have are left out and named in the record; the verdicts that need
  // them say so.
  cp.metrics.clear();
  for (const std::string &m : g_request.metrics)
    (metricKnown(cp.host, m) ? cp.metrics : unsupported).push_back(m);
  if (cp.metrics.empty())
    return fail("none of the requested metrics exists on " + chip);
  cp.metricNames.clear();
  for (const std::string &m : cp.metrics)
    cp.metricNames.push_back(m.c_str());

  auto add = CUPTI_PARAMS(CUpti_Profiler_Host_ConfigAddMetrics_Params);
  add.pHostObject = cp.host;
  add.ppMetricNames = cp.metricNames.data();
  add.numMetrics = cp.metricNames.size();
  r = cuptiProfilerHostConfigAddMetrics(&add);
  if (r != CUPTI_SUCCESS)
    return fail(resultText("cuptiProfilerHostConfigAddMetrics", r));
  auto size = CUPTI_PARAMS(CUpti_Profiler_Host_GetConfigImageSize_Params);
  size.pHostObject = cp.host;
  r = cuptiProfilerHostGetConfigImageSize(&size);
  if (r != CUPTI_SUCCESS)
    return fail(resultText("cuptiProfilerHostGetConfigImageSize", r));
  cp.config.assign(size.configImageSize, 0);
  auto image = CUPTI_PARAMS(CUpti_Profiler_Host_GetConfigImage_Params);
  image.pHostObject = cp.host;
  image.configImageSize = cp.config.size();
  image.pConfigImage = cp.config.data();
  r = cuptiProfilerHostGetConfigImage(&image);
  if (r != CUPTI_SUCCESS)
    return fail(resultText("cuptiProfilerHostGetConfigImage", r));
  auto passParams = CUPTI_PARAMS(CUpti_Profiler_Host_GetNumOfPasses_Params);
  passParams.configImageSize = cp.config.size();
  passParams.pConfigImage = cp.config.data();
  if (cuptiProfilerHostGetNumOfPasses(&passParams) == CUPTI_SUCCESS)
    passes = passParams.numOfPasses;
  tHost = nowNs();

  auto enable = CUPTI_PARAMS(CUpti_RangeProfiler_Enable_Params);
  enable.ctx = cp.ctx;
  r = cuptiRangeProfilerEnable(&enable);
  if (r != CUPTI_SUCCESS || !enable.pRangeProfilerObject)
    return fail(resultText("cuptiRangeProfilerEnable", r));
  cp.object = enable.pRangeProfilerObject;

  auto dataSize = CUPTI_PARAMS(CUpti_RangeProfiler_GetCounterDataSize_Params);
  dataSize.pRangeProfilerObject = cp.object;
  dataSize.pMetricNames = cp.metricNames.data();
  dataSize.numMetrics = cp.metricNames.size();
  dataSize.maxNumOfRanges = kMaxRanges;
  dataSize.maxNumRangeTreeNodes = kMaxRanges;
  r = cuptiRangeProfilerGetCounterDataSize(&dataSize);
  if (r != CUPTI_SUCCESS)
    return fail(resultText("cuptiRangeProfilerGetCounterDataSize", r));
  cp.counterData.assign(dataSize.counterDataSize, 0);
  if (!initCounterData(cp, error) || !setConfig(cp, error))
    return fail(error);

  cp.state = ContextProfiler::State::Ready;
  const uint64_t tEnabled = nowNs();
  g_writer->writeLine(
      recordStart("profiler") + ", \"context_id\": " + num(ctxId) +
      ", \"device_id\": " + num(device) + ", \"chip\": " + jsonString(chip.c_str()) +
      ", \"status\": \"ok\", \"replay\": \"kernel\"" + ", \"passes\": " + num(passes) +
      ", \"metrics\": " + stringList(cp.metrics) + ", \"unsupported_metrics\": " +
      stringList(unsupported) + ", \"setup_ns\": {\"initialize\": " + num(tInitialized - t0) +
      ", \"device\": " + num(tDevice - tInitialized) + ", \"host\": " + num(tHost - tDevice) +
      ", \"enable\": " + num(tEnabled - tHost) + "}}");
}

bool startRange(ContextProfiler &cp, std::string &error) {
  bool configured = false;
  if (cp.needsConfig) {
    if (!initCounterData(cp, error) || !setConfig(cp, error))
      return false;
    cp.needsConfig = false;
    configured = true;
  }
  auto p = CUPTI_PARAMS(CUpti_RangeProfiler_Start_Params);
  p.pRangeProfilerObject = cp.object;
  CUptiResult r = cuptiRangeProfilerStart(&p);
  if (r != CUPTI_SUCCESS && !configured) {
    // The configuration may not outlive a finished replay session: set it again once.
    if (!initCounterData(cp, error) || !setConfig(cp, error))
      return false;
    r = cuptiRangeProfilerStart(&p);
  }
  if (r != CUPTI_SUCCESS) {
    error = resultText("cuptiRangeProfilerStart", r);
    cp.needsConfig = true;
    return false;
  }
  return true;
}

std::string value(double v) {
  if (!std::isfinite(v))
    return "null";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

// Stops the range profiler after the launch and writes the launch's counters.
void stopAndRecord(const Pending &p, int launchResult) {
  ContextProfiler &cp = *p.profiler;
  // Host time from the profiler's start to its stop (the launch call, its replay passes
  // included), and from the stop to the metric values.
  const uint64_t stopping = nowNs();
  auto timing = [&]() {
    return ", \"launch_ns\": " + num(stopping - p.startedNs) +
           ", \"read_ns\": " + num(nowNs() - stopping);
  };
  std::string error;
  auto stop = CUPTI_PARAMS(CUpti_RangeProfiler_Stop_Params);
  stop.pRangeProfilerObject = cp.object;
  CUptiResult r = cuptiRangeProfilerStop(&stop);
  if (r != CUPTI_SUCCESS) {
    error = resultText("cuptiRangeProfilerStop", r);
  } else {
    auto decode = CUPTI_PARAMS(CUpti_RangeProfiler_DecodeData_Params);
    decode.pRangeProfilerObject = cp.object;
    r = cuptiRangeProfilerDecodeData(&decode);
    if (r != CUPTI_SUCCESS)
      error = resultText("cuptiRangeProfilerDecodeData", r);
    else if (!stop.isAllPassSubmitted)
      error = "CUPTI did not submit every replay pass of the kernel";
    else if (decode.numOfRangeDropped)
      error = "CUPTI dropped " + num(decode.numOfRangeDropped) + " ranges";
  }
  size_t ranges = 0;
  if (error.empty()) {
    auto info = CUPTI_PARAMS(CUpti_RangeProfiler_GetCounterDataInfo_Params);
    info.pCounterDataImage = cp.counterData.data();
    info.counterDataImageSize = cp.counterData.size();
    r = cuptiRangeProfilerGetCounterDataInfo(&info);
    if (r != CUPTI_SUCCESS)
      error = resultText("cuptiRangeProfilerGetCounterDataInfo", r);
    else
      ranges = info.numTotalRanges;
  }
  if (launchResult != 0) {
    // The launch failed, so no kernel ran: nothing to report (its launch record says why).
  } else if (!error.empty()) {
    writeCountersError(p, true, error, timing());
  } else if (ranges != 1) {
    writeCountersError(p, true,
                       num(ranges) + " kernels ran while the launch was profiled (one "
                                     "expected: another thread launched into the context)",
                       timing());
  } else {
    std::vector<double> values(cp.metricNames.size(), NAN);
    auto eval = CUPTI_PARAMS(CUpti_Profiler_Host_EvaluateToGpuValues_Params);
    eval.pHostObject = cp.host;
    eval.pCounterDataImage = cp.counterData.data();
    eval.counterDataImageSize = cp.counterData.size();
    eval.rangeIndex = 0;
    eval.ppMetricNames = cp.metricNames.data();
    eval.numMetrics = cp.metricNames.size();
    eval.pMetricValues = values.data();
    r = cuptiProfilerHostEvaluateToGpuValues(&eval);
    if (r != CUPTI_SUCCESS) {
      writeCountersError(p, true, resultText("cuptiProfilerHostEvaluateToGpuValues", r), timing());
    } else {
      std::string metrics = "{";
      for (size_t i = 0; i < cp.metrics.size(); ++i)
        metrics += (i ? ", " : "") + jsonString(cp.metrics[i].c_str()) + ": " + value(values[i]);
      metrics += "}";
      g_writer->writeLine(countersStart(p, true) + ", \"metrics\": " + metrics + timing() + "}");
    }
  }
  // Cleared for the next profiled launch; if that fails, it is configured again before it.
  if (!initCounterData(cp, error))
    cp.needsConfig = true;
}

#endif // CUDA_LINT_HAVE_RANGE_PROFILER

// Chooses the pending launch if its kernel is asked for and its configuration has quota left.
void choose(const char *symbol, const LaunchCall &call) {
  Pending &p = t_pending;
  p.undecided = false;
  if (!g_request.kernels.count(symbol))
    return;
  std::string key = configKey(symbol, call);
  if (!reserve(key))
    return;
  p.chosen = true;
  p.name = symbol;
  p.key = std::move(key);
  p.call = call;
}

void start(CUcontext ctx) {
  Pending &p = t_pending;
  ContextProfiler *cp = contextProfiler(ctx);
  // Another thread is profiling a launch in this context: leave this one, and its quota, alone
  // rather than wait inside the launch call.
  if (!cp->busy.try_lock()) {
    release(p.key);
    p.chosen = false;
    return;
  }
  p.contextId = contextId(ctx);
#if CUDA_LINT_HAVE_RANGE_PROFILER
  if (cp->state == ContextProfiler::State::Unset)
    setup(*cp);
  if (cp->state == ContextProfiler::State::Ready) {
    std::string error;
    if (startRange(*cp, error)) {
      p.started = true;
      p.startedNs = nowNs();
      p.profiler = cp;
      {
        // Before the launch runs, so that its kernel record finds it however early it comes.
        std::lock_guard<std::mutex> lock(g_replayedMutex);
        g_replayed.insert(p.correlationId);
      }
      return; // busy stays held until launchExit
    }
    writeCountersError(p, false, error);
  }
#endif
  cp->busy.unlock();
  p.chosen = false;
}

} // namespace

bool configure(RecordWriter &writer) {
  const char *kernels = std::getenv("CUDA_LINT_CONFIRM_PROFILE_KERNELS");
  if (!kernels || !*kernels)
    return false;
  g_writer = &writer;
  std::string error;
  std::ifstream in(kernels);
  if (!in)
    error = std::string("cannot read the kernel list ") + kernels;
  for (std::string line; std::getline(in, line);) {
    line = trim(line);
    if (!line.empty())
      g_request.kernels.insert(line);
  }
  const char *metrics = std::getenv("CUDA_LINT_CONFIRM_PROFILE_METRICS");
  std::string list = metrics ? metrics : "";
  for (size_t start = 0; start <= list.size();) {
    size_t end = list.find(',', start);
    if (end == std::string::npos)
      end = list.size();
    std::string m = trim(list.substr(start, end - start));
    if (!m.empty())
      g_request.metrics.push_back(m);
    start = end + 1;
  }
  if (g_request.metrics.empty() && error.empty())
    error = "no metrics asked for (CUDA_LINT_CONFIRM_PROFILE_METRICS)";
  if (const char *n = std::getenv("CUDA_LINT_CONFIRM_PROFILE_LAUNCHES"))
    g_request.launchesPerConfig = static_cast<unsigned>(std::strtoul(n, nullptr, 10));
  if (!CUDA_LINT_HAVE_RANGE_PROFILER && error.empty())
    error = "this injection library was built without the CUPTI range profiler (a CUDA toolkit "
            "older than 12.6)";
  g_request.active = error.empty() && !g_request.kernels.empty();
  writer.writeLine(
      recordStart("profiler_request") + ", \"kernels\": " + num(g_request.kernels.size()) +
      ", \"metrics\": " + stringList(g_request.metrics) + ", \"launches_per_config\": " +
      num(g_request.launchesPerConfig) + ", \"available\": " + (error.empty() ? "true" : "false") +
      (error.empty() ? std::string() : ", \"reason\": " + jsonString(error.c_str())) + "}");
  return g_request.active;
}

bool requested() { return g_request.active; }

void launchEnter(CUcontext ctx, const char *symbol, const LaunchCall &call,
                 uint32_t correlationId) {
  if (!g_request.active || t_inProfiler)
    return;
  InProfiler guard;
  t_pending = Pending();
  t_pending.correlationId = correlationId;
  t_pending.call = call;
  if (!symbol) {
    t_pending.undecided = true;
    return;
  }
  choose(symbol, call);
  if (t_pending.chosen && ctx)
    start(ctx);
}

void nestedEnter(CUcontext ctx, const char *symbol, const LaunchCall &call) {
  if (!g_request.active || t_inProfiler)
    return;
  InProfiler guard;
  Pending &p = t_pending;
  if (p.undecided && symbol)
    choose(symbol, call);
  if (p.chosen && !p.started && ctx)
    start(ctx);
}

void launchExit(int result) {
  if (!g_request.active || t_inProfiler)
    return;
  InProfiler guard;
  Pending p = std::move(t_pending);
  t_pending = Pending();
  if (p.started) {
    if (result != 0) { // the launch failed: nothing ran
      std::lock_guard<std::mutex> lock(g_replayedMutex);
      g_replayed.erase(p.correlationId);
    }
#if CUDA_LINT_HAVE_RANGE_PROFILER
    stopAndRecord(p, result);
#endif
    p.profiler->busy.unlock();
  } else if (p.chosen) {
    release(p.key); // never started (no context was current): a later launch may be profiled
  }
}

bool replayed(uint32_t correlationId) {
  if (!g_request.active)
    return false;
  std::lock_guard<std::mutex> lock(g_replayedMutex);
  return g_replayed.count(correlationId) != 0;
}

void contextDestroying(CUcontext ctx) {
  if (!g_request.active || t_inProfiler)
    return;
  InProfiler guard;
  std::unique_ptr<ContextProfiler> cp;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    auto it = g_contexts.find(ctx);
    if (it == g_contexts.end())
      return;
    cp = std::move(it->second);
    g_contexts.erase(it);
  }
  std::lock_guard<std::mutex> busy(cp->busy);
#if CUDA_LINT_HAVE_RANGE_PROFILER
  teardown(*cp);
#endif
}

} // namespace profiler
} // namespace cuda_lint_confirm
