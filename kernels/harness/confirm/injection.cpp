// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// CUPTI injection library of `cuda-lint confirm`. Loaded by the CUDA driver through
// CUDA_INJECTION64_PATH, it records every kernel launch of the program as JSON lines in the file
// named by CUDA_LINT_CONFIRM_OUT: one "launch" line per launch API call (configuration, stream,
// return code; failed launches included) from the callback API, and one "kernel" line per executed
// kernel (registers, shared memory, stream id, start/end) from the activity API
// (CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, which keeps kernels concurrent). The two are joined by
// correlation id in kernels/harness/confirm_records.py. A launch line also carries the host call
// stack of the launch ("stack": [[module, offset], ...], frames outside the CUDA and system
// libraries), which kernels/harness/launch_sites.py resolves to source lines when the program
// has debug information (-g). With `--ncu`, the first launches of the kernels whose findings need
// hardware counters are profiled in the same run by the CUPTI range profiler
// (counter_profiler.h), and each one's counters are written as a "counters" line. The program's
// calls, return values and output are left as they are; the records are flushed at exit.
#include "copy_calls.h"
#include "counter_profiler.h"
#include "launch_decode.h"
#include "record_writer.h"

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <cupti.h>

#include <dlfcn.h>
#include <execinfo.h>
#include <link.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

using namespace cuda_lint_confirm;

namespace {

RecordWriter g_writer;
CUpti_SubscriberHandle g_subscriber;
std::atomic<bool> g_active{false};
thread_local int t_runtimeLaunchDepth = 0;
// Driver launches the program made itself (outside a runtime launch) still in progress.
thread_local int t_driverLaunchDepth = 0;
// An asynchronous copy call in progress (a runtime copy's own driver call is not recorded again),
// and when it was entered.
thread_local int t_copyDepth = 0;
thread_local uint64_t t_copyEnter = 0;
constexpr size_t kActivityBufferSize = 8u << 20;

std::string num(uint64_t v) { return std::to_string(v); }
// `{"type": "<type>", "pid": <pid>`: every record names its process, so that the records of a
// program's several processes can share one file and still be joined per process.
std::string begin(const char *type) { return recordStart(type); }
std::string num(int64_t v) { return std::to_string(v); }
std::string dims(int64_t x, int64_t y, int64_t z) {
  return "[" + std::to_string(x) + ", " + std::to_string(y) + ", " + std::to_string(z) + "]";
}

void recordError(const char *where, CUptiResult r) {
  const char *msg = nullptr;
  cuptiGetResultString(r, &msg);
  g_writer.writeLine(begin("error") + ", \"where\": " + jsonString(where) +
                     ", \"message\": " + jsonString(msg) + "}");
}

std::string commandLine() {
  std::ifstream f("/proc/self/cmdline", std::ios::binary);
  std::string raw((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  std::string out = "[";
  size_t start = 0;
  while (start < raw.size()) {
    size_t end = raw.find('\0', start);
    if (end == std::string::npos)
      end = raw.size();
    if (out.size() > 1)
      out += ", ";
    out += jsonString(raw.substr(start, end - start).c_str());
    start = end + 1;
  }
  return out + "]";
}

// Modules whose frames say nothing about where the program launched: this library, CUPTI, the
// driver, the runtime when it is a shared library, and the C library.
bool libraryFrame(const char *module) {
  static const char *const kSkip[] = {"libcuda-lint-confirm",
                                      "libcupti",
                                      "libcuda.so",
                                      "libcudart",
                                      "libc.so",
                                      "ld-linux",
                                      "libstdc++"};
  for (const char *s : kSkip)
    if (std::strstr(module, s))
      return true;
  return false;
}

// The loaded modules' address ranges, so that each frame's module is found by a binary search.
// (dladdr, used before, also searches the module's dynamic symbol table for the nearest symbol,
// for every frame, the driver's and CUPTI's included: most of the library's cost per launch.)
// Rebuilt when the dynamic linker's count of loaded and unloaded objects changes.
struct Module {
  std::string path; // the main executable as /proc/self/exe names it
  uintptr_t bias;   // load address: frame - bias is the ELF virtual address addr2line takes
  bool library;
};
struct Segment {
  uintptr_t lo, hi;
  size_t module;
};
struct ModuleMap {
  std::mutex mutex;
  unsigned long long adds = ULLONG_MAX, subs = ULLONG_MAX;
  std::vector<Module> modules;
  std::vector<Segment> segments; // sorted by lo
};
ModuleMap g_modules;

int readGeneration(dl_phdr_info *info, size_t, void *data) {
  auto *gen = static_cast<unsigned long long *>(data);
  gen[0] = info->dlpi_adds;
  gen[1] = info->dlpi_subs;
  return 1; // every object carries the counters: the first is enough
}

std::string executablePath() {
  char buf[4096];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, size_t(n)) : std::string();
}

int addModule(dl_phdr_info *info, size_t, void *data) {
  auto &map = *static_cast<ModuleMap *>(data);
  std::string path = info->dlpi_name ? info->dlpi_name : "";
  if (path.empty() && map.modules.empty())
    path = executablePath(); // the first object is the program itself
  if (path.empty())
    return 0;
  const size_t index = map.modules.size();
  map.modules.push_back({path, uintptr_t(info->dlpi_addr), libraryFrame(path.c_str())});
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const auto &ph = info->dlpi_phdr[i];
    if (ph.p_type == PT_LOAD && ph.p_memsz)
      map.segments.push_back({uintptr_t(info->dlpi_addr + ph.p_vaddr),
                              uintptr_t(info->dlpi_addr + ph.p_vaddr + ph.p_memsz), index});
  }
  return 0;
}

// Called with g_modules.mutex held.
void refreshModules() {
  unsigned long long gen[2] = {0, 0};
  dl_iterate_phdr(readGeneration, gen);
  if (gen[0] == g_modules.adds && gen[1] == g_modules.subs)
    return;
  g_modules.modules.clear();
  g_modules.segments.clear();
  dl_iterate_phdr(addModule, &g_modules);
  std::sort(g_modules.segments.begin(), g_modules.segments.end(),
            [](const Segment &a, const Segment &b) { return a.lo < b.lo; });
  g_modules.adds = gen[0];
  g_modules.subs = gen[1];
}

// Called with g_modules.mutex held.
const Module *moduleOf(uintptr_t address) {
  const auto &segs = g_modules.segments;
  auto it = std::upper_bound(segs.begin(), segs.end(), address,
                             [](uintptr_t a, const Segment &s) { return a < s.lo; });
  if (it == segs.begin())
    return nullptr;
  --it;
  return address < it->hi ? &g_modules.modules[it->module] : nullptr;
}

// `[["/path/app", 4660], ...]`: up to 12 return addresses of the launch's call stack as offsets
// from their modules' load addresses (the ELF virtual addresses addr2line takes).
std::string callStack() {
  void *frames[32];
  int n = backtrace(frames, 32);
  std::string out = "[";
  int kept = 0;
  std::lock_guard<std::mutex> lock(g_modules.mutex);
  refreshModules();
  for (int i = 0; i < n && kept < 12; ++i) {
    const uintptr_t address = reinterpret_cast<uintptr_t>(frames[i]);
    const Module *m = moduleOf(address);
    if (!m || m->library)
      continue;
    out += std::string(kept ? ", " : "") + "[" + jsonString(m->path.c_str()) + ", " +
           num(uint64_t(address - m->bias)) + "]";
    ++kept;
  }
  return out + "]";
}

// Demangled names, once per kernel name (the same few kernels are launched many times). The cache
// is never destroyed: the kernel records are written by the atexit handler's flush, and a static
// object first used after that handler was registered would be destroyed before it runs.
struct DemangleCache {
  std::mutex mutex;
  std::unordered_map<std::string, std::string> names;
};
std::string demangled(const char *name) {
  static DemangleCache *const cache = new DemangleCache;
  if (!name)
    return std::string();
  std::lock_guard<std::mutex> lock(cache->mutex);
  auto it = cache->names.find(name);
  if (it == cache->names.end())
    it = cache->names.emplace(name, demangle(name)).first;
  return it->second;
}

// The library's own host time, written in the "end" record: in the launch callbacks (building and
// writing the launch records, the call stacks part of it), in the profiler's callbacks (its setup,
// start, stop, decode and evaluation; the replay passes run inside the launch call itself, not
// here) and in writing the activity records.
std::atomic<uint64_t> g_launchRecords{0}, g_recordNs{0}, g_stackNs{0}, g_profilerNs{0},
    g_activityNs{0};

uint64_t nowNs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return uint64_t(ts.tv_sec) * 1000000000ull + uint64_t(ts.tv_nsec);
}

struct Timed {
  std::atomic<uint64_t> &sum;
  uint64_t start = nowNs();
  explicit Timed(std::atomic<uint64_t> &s) : sum(s) {}
  ~Timed() { sum += nowNs() - start; }
};

void writeKernel(const CUpti_ActivityKernel10 *k) {
  std::string line = begin("kernel") + ", \"correlation_id\": " + num(uint64_t(k->correlationId));
  line += ", \"name\": " + jsonString(k->name);
  line += ", \"demangled\": " + jsonString(demangled(k->name).c_str());
  line += ", \"grid\": " + dims(k->gridX, k->gridY, k->gridZ);
  line += ", \"block\": " + dims(k->blockX, k->blockY, k->blockZ);
  line += ", \"cluster\": " + dims(k->clusterX, k->clusterY, k->clusterZ);
  line += ", \"registers\": " + num(uint64_t(k->registersPerThread));
  line += ", \"static_smem\": " + num(int64_t(k->staticSharedMemory));
  line += ", \"dynamic_smem\": " + num(int64_t(k->dynamicSharedMemory));
  line += ", \"local_mem_per_thread\": " + num(uint64_t(k->localMemoryPerThread));
  line += ", \"device_id\": " + num(uint64_t(k->deviceId));
  line += ", \"context_id\": " + num(uint64_t(k->contextId));
  line += ", \"stream_id\": " + num(uint64_t(k->streamId));
  line += ", \"graph_id\": " + num(uint64_t(k->graphId));
  line += ", \"start\": " + num(uint64_t(k->start));
  line += ", \"end\": " + num(uint64_t(k->end));
  // CUPTI gives a launch the range profiler replayed no timestamps, as it does a failed launch:
  // say which it is (the kernel ran; its counters record has its measured time).
  if (k->start == 0 && k->end == 0 && profiler::replayed(k->correlationId))
    line += ", \"replayed\": true";
  line += "}";
  g_writer.writeLine(line);
}

const char *memoryKind(uint8_t k) {
  switch (k) {
  case CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE:
    return "pageable";
  case CUPTI_ACTIVITY_MEMORY_KIND_PINNED:
    return "pinned";
  case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE:
    return "device";
  case CUPTI_ACTIVITY_MEMORY_KIND_ARRAY:
    return "array";
  case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED:
    return "managed";
  case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE_STATIC:
    return "device-static";
  case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED_STATIC:
    return "managed-static";
  default:
    return "unknown";
  }
}

// A copy on the timeline: its source and destination memory kinds say whether the host side was
// pageable or pinned (pageable-async-copy), its start and end whether it overlapped a kernel.
void writeMemcpy(const CUpti_ActivityMemcpy6 *m) {
  std::string line = begin("memcpy") + ", \"correlation_id\": " + num(uint64_t(m->correlationId));
  line += ", \"copy_kind\": " + num(uint64_t(m->copyKind));
  line += ", \"src_kind\": " + jsonString(memoryKind(m->srcKind));
  line += ", \"dst_kind\": " + jsonString(memoryKind(m->dstKind));
  line +=
      ", \"async\": " + std::string(m->flags & CUPTI_ACTIVITY_FLAG_MEMCPY_ASYNC ? "true" : "false");
  line += ", \"bytes\": " + num(uint64_t(m->bytes));
  line += ", \"context_id\": " + num(uint64_t(m->contextId));
  line += ", \"stream_id\": " + num(uint64_t(m->streamId));
  line += ", \"start\": " + num(uint64_t(m->start));
  line += ", \"end\": " + num(uint64_t(m->end)) + "}";
  g_writer.writeLine(line);
}

void writeDevice(const CUpti_ActivityDevice5 *d) {
  std::string line = begin("device") + ", \"id\": " + num(uint64_t(d->id));
  line += ", \"name\": " + jsonString(d->name);
  line += ", \"compute_capability\": [" + num(uint64_t(d->computeCapabilityMajor)) + ", " +
          num(uint64_t(d->computeCapabilityMinor)) + "]";
  line += ", \"multiprocessors\": " + num(uint64_t(d->numMultiprocessors));
  line += ", \"max_warps_per_sm\": " + num(uint64_t(d->maxWarpsPerMultiprocessor));
  line += ", \"max_blocks_per_sm\": " + num(uint64_t(d->maxBlocksPerMultiprocessor));
  line += ", \"max_registers_per_sm\": " + num(uint64_t(d->maxRegistersPerMultiprocessor));
  line += ", \"max_registers_per_block\": " + num(uint64_t(d->maxRegistersPerBlock));
  line += ", \"max_smem_per_sm\": " + num(uint64_t(d->maxSharedMemoryPerMultiprocessor));
  line += ", \"max_smem_per_block\": " + num(uint64_t(d->maxSharedMemoryPerBlock));
  line += ", \"max_threads_per_block\": " + num(uint64_t(d->maxThreadsPerBlock));
  line += ", \"core_clock_khz\": " + num(uint64_t(d->coreClockRate));
  line += "}";
  g_writer.writeLine(line);
}

void writeContext(const CUpti_ActivityContext3 *c) {
  g_writer.writeLine(begin("context") + ", \"context_id\": " + num(uint64_t(c->contextId)) +
                     ", \"device_id\": " + num(uint64_t(c->deviceId)) +
                     ", \"null_stream_id\": " + num(uint64_t(c->nullStreamId)) + "}");
}

void CUPTIAPI bufferRequested(uint8_t **buffer, size_t *size, size_t *maxNumRecords) {
  *buffer = static_cast<uint8_t *>(std::aligned_alloc(8, kActivityBufferSize));
  *size = *buffer ? kActivityBufferSize : 0;
  *maxNumRecords = 0;
}

void CUPTIAPI bufferCompleted(CUcontext ctx, uint32_t streamId, uint8_t *buffer, size_t,
                              size_t validSize) {
  Timed timed(g_activityNs);
  CUpti_Activity *record = nullptr;
  while (validSize > 0 && cuptiActivityGetNextRecord(buffer, validSize, &record) == CUPTI_SUCCESS) {
    switch (record->kind) {
    case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL:
    case CUPTI_ACTIVITY_KIND_KERNEL:
      writeKernel(reinterpret_cast<const CUpti_ActivityKernel10 *>(record));
      break;
    case CUPTI_ACTIVITY_KIND_MEMCPY:
      writeMemcpy(reinterpret_cast<const CUpti_ActivityMemcpy6 *>(record));
      break;
    case CUPTI_ACTIVITY_KIND_DEVICE:
      writeDevice(reinterpret_cast<const CUpti_ActivityDevice5 *>(record));
      break;
    case CUPTI_ACTIVITY_KIND_CONTEXT:
      writeContext(reinterpret_cast<const CUpti_ActivityContext3 *>(record));
      break;
    default:
      break;
    }
  }
  size_t dropped = 0;
  if (cuptiActivityGetNumDroppedRecords(ctx, streamId, &dropped) == CUPTI_SUCCESS && dropped)
    g_writer.writeLine(begin("dropped") + ", \"count\": " + num(uint64_t(dropped)) + "}");
  std::free(buffer);
}

// An asynchronous copy call: one "copy_call" record at its exit with its host time (entered and
// returned, on the activity records' clock) and call stack. Its correlation id is the one of the
// copy's "memcpy" activity record, which says what memory the copy really read and wrote.
void onCopyCallback(CUpti_CallbackDomain domain, const CUpti_CallbackData *cb) {
  uint64_t now = 0;
  if (cb->callbackSite == CUPTI_API_ENTER) {
    if (++t_copyDepth == 1 && cuptiGetTimestamp(&now) == CUPTI_SUCCESS)
      t_copyEnter = now;
    return;
  }
  if (--t_copyDepth > 0)
    return; // the driver call inside a runtime copy: the runtime call is recorded
  cuptiGetTimestamp(&now);
  int result = 0;
  if (cb->functionReturnValue)
    result = domain == CUPTI_CB_DOMAIN_RUNTIME_API
                 ? static_cast<int>(*static_cast<const cudaError_t *>(cb->functionReturnValue))
                 : static_cast<int>(*static_cast<const CUresult *>(cb->functionReturnValue));
  Timed timed(g_recordNs);
  std::string line = begin("copy_call") + ", \"domain\": ";
  line += domain == CUPTI_CB_DOMAIN_RUNTIME_API ? "\"runtime\"" : "\"driver\"";
  line += ", \"api\": " + jsonString(cb->functionName);
  line += ", \"correlation_id\": " + num(uint64_t(cb->correlationId));
  line += ", \"result\": " + std::to_string(result);
  line += ", \"api_enter\": " + num(t_copyEnter) + ", \"api_exit\": " + num(now);
  {
    Timed stack(g_stackNs);
    line += ", \"stack\": " + callStack();
  }
  line += "}";
  g_writer.writeLine(line);
}

void CUPTIAPI onCallback(void *, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                         const void *data) {
  if (domain == CUPTI_CB_DOMAIN_RESOURCE) {
    if (cbid == CUPTI_CBID_RESOURCE_CONTEXT_DESTROY_STARTING)
      profiler::contextDestroying(static_cast<const CUpti_ResourceData *>(data)->context);
    return;
  }
  const auto *cb = static_cast<const CUpti_CallbackData *>(data);
  if (isAsyncCopyCallback(domain, cbid)) {
    onCopyCallback(domain, cb);
    return;
  }
  LaunchCall call;
  const bool runtime = domain == CUPTI_CB_DOMAIN_RUNTIME_API;
  const bool enter = cb->callbackSite == CUPTI_API_ENTER;
  if (runtime) {
    if (!decodeRuntimeLaunch(cbid, cb->functionParams, call))
      return;
    if (enter) {
      // The profiler starts before a chosen launch (the depth is raised first, so that anything
      // it sets off is seen as nested).
      if (++t_runtimeLaunchDepth == 1 && t_driverLaunchDepth == 0 && profiler::requested()) {
        Timed timed(g_profilerNs);
        profiler::launchEnter(cb->context, cb->symbolName, call, cb->correlationId);
      }
      return;
    }
    --t_runtimeLaunchDepth;
  } else {
    if (domain != CUPTI_CB_DOMAIN_DRIVER_API || !decodeDriverLaunch(cbid, cb->functionParams, call))
      return;
    // A driver launch made by the runtime launch being recorded is the same launch: it is where
    // the profiler starts when the runtime call had no context yet.
    if (t_runtimeLaunchDepth > 0) {
      if (enter && profiler::requested()) {
        Timed timed(g_profilerNs);
        profiler::nestedEnter(cb->context, cb->symbolName, call);
      }
      return;
    }
    if (enter) {
      if (++t_driverLaunchDepth == 1 && profiler::requested()) {
        Timed timed(g_profilerNs);
        profiler::launchEnter(cb->context, cb->symbolName, call, cb->correlationId);
      }
      return;
    }
    if (t_driverLaunchDepth > 0 && --t_driverLaunchDepth > 0)
      return; // a driver launch inside a driver launch: the outer one is recorded
  }
  int result = 0;
  if (cb->functionReturnValue)
    result = runtime ? static_cast<int>(*static_cast<const cudaError_t *>(cb->functionReturnValue))
                     : static_cast<int>(*static_cast<const CUresult *>(cb->functionReturnValue));
  if (t_runtimeLaunchDepth == 0 && t_driverLaunchDepth == 0 && profiler::requested()) {
    Timed timed(g_profilerNs);
    profiler::launchExit(result); // stops the profiler after a chosen launch
  }

  Timed timed(g_recordNs);
  ++g_launchRecords;
  std::string streamId = "null", contextId = "null";
  if (cb->context) {
    uint32_t id = 0;
    if (cuptiGetContextId(cb->context, &id) == CUPTI_SUCCESS)
      contextId = num(uint64_t(id));
    // Only look explicit handles up when the launch accepted them as valid streams.
    if (call.streamKind != StreamKind::Explicit || result == 0) {
      CUstream handle = call.streamKind == StreamKind::Explicit ? call.stream : nullptr;
      uint8_t perThread = call.streamKind == StreamKind::PerThread ? 1 : 0;
      if (cuptiGetStreamIdEx(cb->context, handle, perThread, &id) == CUPTI_SUCCESS)
        streamId = num(uint64_t(id));
    }
  }
  char handle[32];
  std::snprintf(handle, sizeof handle, "%p", static_cast<void *>(call.stream));

  std::string line = begin("launch") + ", \"domain\": ";
  line += runtime ? "\"runtime\"" : "\"driver\"";
  line += ", \"api\": " + jsonString(call.api);
  line += ", \"correlation_id\": " + num(uint64_t(cb->correlationId));
  line += ", \"kernel\": " + jsonString(cb->symbolName);
  line += ", \"demangled\": " + jsonString(demangled(cb->symbolName).c_str());
  line += ", \"grid\": " + dims(call.grid[0], call.grid[1], call.grid[2]);
  line += ", \"block\": " + dims(call.block[0], call.block[1], call.block[2]);
  line += ", \"dynamic_smem\": " + num(uint64_t(call.dynamicSmem));
  line += ", \"stream\": " + jsonString(streamKindName(call.streamKind));
  line += ", \"stream_handle\": " + jsonString(handle);
  line += ", \"stream_id\": " + streamId;
  line += ", \"context_id\": " + contextId;
  line += ", \"result\": " + std::to_string(result);
  // When the launch was queued (the API call returned), on the activity records' clock: the
  // default-stream verdict compares it with other kernels' start and end.
  uint64_t queued = 0;
  if (cuptiGetTimestamp(&queued) == CUPTI_SUCCESS)
    line += ", \"api_time\": " + num(queued);
  {
    Timed stack(g_stackNs);
    line += ", \"stack\": " + callStack();
  }
  line += "}";
  g_writer.writeLine(line);
}

void atExit() {
  if (!g_active.exchange(false))
    return;
  cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
  cuptiUnsubscribe(g_subscriber);
  g_writer.writeLine(begin("end") + ", \"launch_records\": " + num(uint64_t(g_launchRecords)) +
                     ", \"launch_record_ns\": " + num(uint64_t(g_recordNs)) +
                     ", \"stack_ns\": " + num(uint64_t(g_stackNs)) +
                     ", \"profiler_ns\": " + num(uint64_t(g_profilerNs)) +
                     ", \"activity_ns\": " + num(uint64_t(g_activityNs)) + "}");
  g_writer.close();
}

void enable(CUptiResult r, const char *where) {
  if (r != CUPTI_SUCCESS)
    recordError(where, r);
}

} // namespace

extern "C" __attribute__((visibility("default"))) int InitializeInjection(void) {
  static std::atomic<bool> initialized{false};
  if (initialized.exchange(true))
    return 1;
  const char *path = std::getenv("CUDA_LINT_CONFIRM_OUT");
  if (!path || !*path || !g_writer.open(path))
    return 1; // nothing to record into: stay out of the program's way
  g_writer.writeLine(begin("process") + ", \"cupti_api_version\": " +
                     num(uint64_t(CUPTI_API_VERSION)) + ", \"argv\": " + commandLine() + "}");
  const bool profiling = profiler::configure(g_writer);

  enable(cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted),
         "cuptiActivityRegisterCallbacks");
  enable(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_DEVICE), "cuptiActivityEnable(DEVICE)");
  enable(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONTEXT), "cuptiActivityEnable(CONTEXT)");
  enable(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL),
         "cuptiActivityEnable(CONCURRENT_KERNEL)");
  enable(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY), "cuptiActivityEnable(MEMCPY)");
  CUptiResult sub = cuptiSubscribe(&g_subscriber, onCallback, nullptr);
  enable(sub, "cuptiSubscribe");
  if (sub == CUPTI_SUCCESS) {
    for (const CUpti_CallbackId *id = runtimeLaunchCallbacks(); *id; ++id)
      enable(cuptiEnableCallback(1, g_subscriber, CUPTI_CB_DOMAIN_RUNTIME_API, *id),
             "cuptiEnableCallback(runtime)");
    for (const CUpti_CallbackId *id = driverLaunchCallbacks(); *id; ++id)
      enable(cuptiEnableCallback(1, g_subscriber, CUPTI_CB_DOMAIN_DRIVER_API, *id),
             "cuptiEnableCallback(driver)");
    for (const CUpti_CallbackId *id = runtimeAsyncCopyCallbacks(); *id; ++id)
      enable(cuptiEnableCallback(1, g_subscriber, CUPTI_CB_DOMAIN_RUNTIME_API, *id),
             "cuptiEnableCallback(runtime copy)");
    for (const CUpti_CallbackId *id = driverAsyncCopyCallbacks(); *id; ++id)
      enable(cuptiEnableCallback(1, g_subscriber, CUPTI_CB_DOMAIN_DRIVER_API, *id),
             "cuptiEnableCallback(driver copy)");
    if (profiling)
      enable(cuptiEnableCallback(1, g_subscriber, CUPTI_CB_DOMAIN_RESOURCE,
                                 CUPTI_CBID_RESOURCE_CONTEXT_DESTROY_STARTING),
             "cuptiEnableCallback(resource)");
  }
  g_active = true;
  std::atexit(atExit);
  return 1;
}
